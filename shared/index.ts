/**
 * The engine's public API: flatten discriminated unions the way a host ships them, say what is lost, probe
 * mountability, show the advertised JSON Schema, and repair double-serialized arguments. Pure functions; no
 * public function throws (bad input becomes a finding).
 */
export { flattenUnionsDeep, type FlattenResult, type FlattenOptions } from './flatten/flattenUnionsDeep';
export { advertise, probeTools, type AdvertiseResult } from './advertise';
export { coerceJsonArgs } from './coerce';
export { toJsonSchema } from './jsonSchema';
export { registerZod } from './zod/modules';
export { readNode, isZodSchema, type ZodNode, type ZodKind } from './zod/read';
export { CODES, FINDING_CODES, finding, formatPath } from './findings';
export { messages } from './messages';
export type * from './types';
