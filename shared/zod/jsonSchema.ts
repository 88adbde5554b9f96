/**
 * The advertised JSON Schema, as the MCP TypeScript SDK 1.x would send it. zod 4: `toJSONSchema` of the copy that
 * built the schema where one is at hand (else ours) with `io: 'input'` (draft-7 by default, 2020-12 on request) and
 * unrepresentable nodes shown as `{}`; zod 3:
 * zod-to-json-schema with `{ strictUnions: true, pipeStrategy: 'input' }`. zod-to-json-schema has no 2020-12
 * target, so for zod 3 "draft-2020-12" is its `jsonSchema2019-09` output (definitions under `$defs`) rewritten to
 * 2020-12: `$schema` set, tuples as `prefixItems`; nothing else zod 3 emits differs between the two.
 */
import { toJSONSchema } from 'zod/v4/core';
import { getRefs, parseDef, zodToJsonSchema } from 'zod-to-json-schema';
import { readMeta } from './meta';
import { converterFor } from './modules';
import { isV3, isV4, type Internals } from './read';
import type { Target } from '../types';

// Metadata is read per node through the node's own copy (`.meta()`), so descriptions set with a zod copy whose
// registry is not shared through globalThis (zod before 4.1, or mini) still reach the JSON.
const ownCopyMetadata = { get: (schema: Internals) => readMeta(schema) } as Internals;
// Shapes are compared with annotations stripped anyway; no metadata also means no `id` → `$ref` indirection.
const noMetadata = { get: () => undefined } as Internals;
/** Options of the comparable conversion, zod 4 and zod 3; the per-variant replays (below, variantPropertiesV4) start from the same. */
export const COMPARABLE_V4 = { target: 'draft-2020-12', io: 'input', unrepresentable: 'any', metadata: noMetadata } as const;
const COMPARABLE_V3 = { strictUnions: true, pipeStrategy: 'input', $refStrategy: 'none' } as const;

/** The display JSON Schema of a zod schema in a dialect; never throws (`{}` for a non-zod value or a conversion that throws; `advertise` reports why). */
export function toJsonSchema(schema: unknown, target: Target = 'draft-7'): unknown {
  try {
    return convertToJsonSchema(schema, target);
  } catch {
    return {};
  }
}

/** As `toJsonSchema`, but throws when the value is not a zod schema or the converter throws. */
export function convertToJsonSchema(schema: unknown, target: Target = 'draft-7'): unknown {
  if (isV4(schema)) {
    // The converter of the copy that built it: ours drops the `type` of every described object of a zod 4.0–4.2 schema.
    return (converterFor(schema) ?? toJSONSchema)(schema as Internals, {
      target: target === 'draft-2020-12' ? 'draft-2020-12' : 'draft-7',
      io: 'input',
      unrepresentable: 'any',
      metadata: ownCopyMetadata,
    });
  }
  if (isV3(schema)) {
    if (target !== 'draft-2020-12') return zodToJsonSchema(schema as Internals, { strictUnions: true, pipeStrategy: 'input' });
    const json = zodToJsonSchema(schema as Internals, { strictUnions: true, pipeStrategy: 'input', target: 'jsonSchema2019-09', definitionPath: '$defs' });
    return { ...(toDraft2020(json) as object), $schema: DRAFT_2020_12 };
  }
  throw new TypeError('not a zod schema');
}

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** Keywords whose value is one schema, a list of schemas, or a map of names to schemas: the only places a schema sits. */
const ONE_SCHEMA = new Set([
  'additionalProperties',
  'items',
  'additionalItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
]);
const SCHEMA_LIST = new Set(['anyOf', 'allOf', 'oneOf']);
const SCHEMA_MAP = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/**
 * 2019-09 → 2020-12 for what zod-to-json-schema emits: tuple `items: [...]` becomes `prefixItems`, `additionalItems`
 * becomes `items`. Only schema positions are walked: a property NAMED `additionalItems` or `items`, and data such as
 * a `default` or `enum` holding an array, are left as they are.
 */
function toDraft2020(json: unknown): unknown {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return json;
  const out: Record<string, unknown> = {};
  const src = json as Record<string, unknown>;
  for (const [k, v] of Object.entries(src)) {
    if (k === 'items' && Array.isArray(v)) out.prefixItems = v.map(toDraft2020);
    else if (k === 'additionalItems') {
      if (Array.isArray(src.items)) out.items = toDraft2020(v);
    } else if (ONE_SCHEMA.has(k)) out[k] = toDraft2020(v);
    else if (SCHEMA_LIST.has(k) && Array.isArray(v)) out[k] = v.map(toDraft2020);
    else if (SCHEMA_MAP.has(k) && v && typeof v === 'object' && !Array.isArray(v)) {
      const map: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(v))
        Object.defineProperty(map, name, { value: toDraft2020(sub), enumerable: true, writable: true, configurable: true });
      out[k] = map;
    } else out[k] = v;
  }
  return out;
}

/**
 * JSON Schema used only to compare shapes: inlined (no `$ref` between siblings), input side, never throws on types.
 * zod 4: by the converter of the copy that built the schema where one is at hand (converterFor), else ours.
 */
export function toComparableJsonSchema(schema: Internals): unknown {
  if (isV4(schema)) return (converterFor(schema) ?? toJSONSchema)(schema, COMPARABLE_V4);
  return zodToJsonSchema(schema, COMPARABLE_V3);
}

/**
 * zod 3 only: each variant's property schemas exactly as `toComparableJsonSchema(union)` emits them, without
 * converting the union itself. zod-to-json-schema decides every property's `required` through `isOptional()`, a
 * failing `safeParse(undefined)` per required key; the shapes never need it, and it was most of this conversion.
 * The walk replays the union's: same options, paths, key order and ancestors in `seen` (so a recursion back to
 * the union or a variant still becomes `{}`). Throws where the union's conversion would. With `keys`, only those
 * properties are converted (each property's JSON depends on its own subtree and ancestors alone).
 */
export function comparableVariantPropertiesV3(union: Internals, options: Internals[], keys?: ReadonlySet<string>): Array<Record<string, unknown>> {
  const refs = getRefs(COMPARABLE_V3);
  const root = refs.currentPath;
  // One refs object re-aimed per key, where zod-to-json-schema spreads a fresh copy of it per key (the copies were
  // a tenth of advertise at 256 variants): parseDef reads the paths synchronously and keeps only the path arrays.
  const at = { ...refs };
  return options.map((option, i) => {
    const path = [...root, 'anyOf', `${i}`];
    const def = option._def;
    // With $refStrategy 'none', `seen` only answers "is this node an ancestor?" (its path a prefix of the current
    // one); no node of another variant ever is, so each variant starts from the union alone: the same answers,
    // and a map that stays small (at 256 variants the whole-union map was thousands of live entries).
    const seen = new Map<unknown, unknown>([
      [union._def, { def: union._def, path: root, jsonSchema: undefined }],
      [def, { def, path, jsonSchema: undefined }],
    ]);
    at.seen = seen as typeof refs.seen;
    const properties: Record<string, unknown> = {};
    const shape = def.shape();
    for (const key in shape) {
      const field = shape[key];
      if (field === undefined || field._def === undefined || (keys && !keys.has(key))) continue;
      at.currentPath = at.propertyPath = [...path, 'properties', key];
      const json = parseDef(field._def, at);
      if (json !== undefined) properties[key] = json;
    }
    if (def.catchall._def.typeName !== 'ZodNever') parseDef(def.catchall._def, { ...refs, seen: at.seen, currentPath: [...path, 'additionalProperties'] });
    return properties;
  });
}
