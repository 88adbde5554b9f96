/**
 * Canonical JSON of a JSON Schema for comparing shapes: annotations removed at every schema position
 * (never inside data such as `enum`/`const` or from property NAMES), keys sorted.
 */

const ANNOTATIONS = new Set(['description', 'default', '$schema', 'title', 'examples']);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is data, not a schema. */
const DATA = new Set(['enum', 'const', 'required', 'type', 'format', 'pattern', '$ref']);

/** A schema with its annotations stripped, as a plain value (key order irrelevant, see `canonicalString`). */
export function stripAnnotations(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(stripAnnotations);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (ANNOTATIONS.has(k)) continue;
    if (DATA.has(k)) out[k] = v;
    else if (SCHEMA_MAPS.has(k) && v && typeof v === 'object' && !Array.isArray(v)) {
      const map: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(v as Record<string, unknown>)) map[name] = stripAnnotations(sub);
      out[k] = map;
    } else out[k] = stripAnnotations(v);
  }
  return out;
}

/**
 * `stripAnnotations`, but the schema itself when there is nothing to strip (most fields carry no annotation):
 * no copy of every field's JSON for a large union. Only for JSON the caller owns (fresh converter output).
 */
export function withoutAnnotations(schema: unknown): unknown {
  return needsStripping(schema) ? stripAnnotations(schema) : schema;
}

/** Whether `stripAnnotations` would give anything but an equal plain copy (an annotation, or a non-plain object). */
function needsStripping(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(needsStripping);
  if (!schema || typeof schema !== 'object') return false;
  if (Object.getPrototypeOf(schema) !== Object.prototype) return true;
  for (const k of Object.keys(schema)) {
    if (ANNOTATIONS.has(k) || k === '__proto__') return true;
    if (DATA.has(k)) continue;
    const v = (schema as Record<string, unknown>)[k];
    if (SCHEMA_MAPS.has(k) && v && typeof v === 'object' && !Array.isArray(v)) {
      if (Object.getPrototypeOf(v) !== Object.prototype) return true;
      for (const name of Object.keys(v)) if (name === '__proto__' || needsStripping((v as Record<string, unknown>)[name])) return true;
    } else if (needsStripping(v)) return true;
  }
  return false;
}

/** Deterministic JSON text with object keys sorted at every depth. */
export function canonicalString(value: unknown): string {
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalString).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalString((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * `canonicalString(a) === canonicalString(b)` without building either text: same sorted keys and equal values at
 * every depth; primitives compare by their JSON text (`undefined`, `NaN`, functions all read as `null`).
 */
export function sameCanonical(a: unknown, b: unknown): boolean {
  if (a === b && typeof a !== 'bigint') return true;
  const aIsObject = a !== null && typeof a === 'object';
  const bIsObject = b !== null && typeof b === 'object';
  if (!aIsObject || !bIsObject) {
    if (aIsObject || bIsObject) return false;
    if (typeof a === 'string' && typeof b === 'string') return false; // a === b was answered above
    return primitiveText(a) === primitiveText(b);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameCanonical(a[i], other[i])) return false;
    return true;
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) {
    if (!Object.prototype.propertyIsEnumerable.call(b, k)) return false;
    if (!sameCanonical((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/**
 * A number that is equal for shapes with equal canonical text (`sameCanonical`), so shapes need comparing only
 * within one bucket: key order does not change it, the JSON text of primitives decides it.
 */
export function canonicalHash(value: unknown): number {
  if (value !== null && typeof value === 'object') {
    if (Array.isArray(value)) {
      let h = 0x2f1b;
      for (const item of value) h = (Math.imul(h, 31) + canonicalHash(item)) | 0;
      return h;
    }
    let h = 0x7a3d; // keys combined by sum: independent of their order
    for (const k of Object.keys(value)) h = (h + Math.imul(stringHash(k), 0x9e3779b1 | 0) + canonicalHash((value as Record<string, unknown>)[k])) | 0;
    return h;
  }
  return stringHash(typeof value === 'string' ? value : primitiveText(value)) ^ (typeof value === 'string' ? 0x55 : 0);
}

function stringHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

function primitiveText(value: unknown): string {
  return value === undefined ? 'null' : (JSON.stringify(value) ?? 'null');
}

/** A short name for a shape in messages: its `type` (joined), else `enum`/`const`/`any`. */
export function shapeName(shape: unknown): string {
  const s = (shape ?? {}) as Record<string, unknown>;
  if (typeof s.type === 'string') return s.type;
  if (Array.isArray(s.type)) return s.type.join(' or ');
  if (Array.isArray(s.anyOf ?? s.oneOf)) {
    const names = ((s.anyOf ?? s.oneOf) as unknown[]).map(shapeName);
    if (!names.includes('any')) return [...new Set(names)].join(' or ');
  }
  if ('enum' in s) return 'enum';
  if ('const' in s) return 'const';
  return 'any';
}
