/**
 * The engine's public API: flatten discriminated unions the way a host ships them, say what is lost, probe
 * mountability, show the advertised JSON Schema, and repair double-serialized arguments. Pure functions; no
 * public function throws (bad input becomes a finding).
 *
 * Decisions where the spec leaves room (see also each module's header):
 * - A value that is not a zod schema (also `undefined`/`null` input) gives a `not-mountable` finding "is not a zod
 *   schema" with anchor 'tool'; flattenUnionsDeep returns it unchanged. A raw shape (`{ a: z.string() }`, `{}` for
 *   no input) is the object the SDK would build. A schema that throws while being read is advertised as written
 *   with a finding; a conversion that throws gives `not-mountable` and `{}` for display.
 * - advertise returns the flatten findings plus its own tool's probe (not-mountable) findings; probeTools returns
 *   only not-mountable findings (exactly what advertise builds, per tool) plus duplicate names, which only it sees.
 * - A key declared identically by several variants (kept) is walked through the FIRST declaring variant; findings
 *   inside it get a mirrored site in every other variant that declares a separate schema object for it.
 * - Objects the walk rebuilds only because a field changed keep their strictness and refinements; only the flat
 *   object replacing a union is plain (`strictness-dropped` per variant).
 * - Widened enums are z.enum of the input's copy; zod 4 mini without an enum constructor at hand gets a multi-value
 *   literal (identical JSON Schema). zod 3 has no way to derive `z.unknown()` from a node: it comes from a registered
 *   module of that copy (registerZod), else our bundled zod/v3.
 * - zod 3 display uses zod-to-json-schema exactly as the SDK does (a z.date() shows as a date-time string there);
 *   the probe still refuses z.date(), bigint, map, set, symbol, undefined, void, NaN and function for both majors.
 *   zod 3 in draft 2020-12 is its 2019-09 output with `$schema` set and tuples as `prefixItems`.
 */
export { flattenUnionsDeep, type FlattenResult, type FlattenOptions } from './flatten/flattenUnionsDeep';
export { advertise, probeTools, duplicateToolNames, type AdvertiseResult } from './advertise';
export { coerceJsonArgs } from './coerce';
export { toJsonSchema } from './zod/jsonSchema';
export { registerZod } from './zod/modules';
export { readNode, isZodSchema, type ZodNode, type ZodKind } from './zod/read';
export { CODES, FINDING_CODES, finding, formatPath, isProbeFinding, messages } from './findings';
export type * from './types';
