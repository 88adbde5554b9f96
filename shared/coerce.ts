/**
 * Repairing arguments a model double-serialized (an array sent as the string "[1,2]"), against the ORIGINAL schema,
 * at any depth (ADR-0033 §6). A value that is valid where it stands is never changed (so a valid argument comes back
 * as it is); a string is parsed only where it is invalid as sent and the parsed value is valid there. Scalars are
 * never coerced; the caller's value is never mutated.
 */
import { acceptsValue } from './zod/accepts';
import {
  arrayElement,
  discriminatorOf,
  innerOf,
  isWrapper,
  literalValues,
  objectShape,
  readNode,
  tupleOf,
  unionOptions,
  valueTypeOf,
  type AnyZod,
  type ZodNode,
} from './zod/read';

const PARSEABLE = new Set(['array', 'object', 'record', 'tuple', 'union', 'discriminated-union']);

/** Parse JSON-string values where the schema expects a structure, recursively; returns a new value (or the same one when nothing changed). */
export function coerceJsonArgs(args: unknown, schema: unknown): unknown {
  try {
    if (isRawShape(schema)) return args && typeof args === 'object' && !Array.isArray(args) ? coerceFields(args as Record<string, unknown>, schema, 0) : args;
    return coerce(args, schema, 0);
  } catch {
    return args;
  }
}

/** A raw shape (`{ a: z.string() }`), as SDKs accept in place of an object schema. */
function isRawShape(schema: unknown): schema is Record<string, AnyZod> {
  if (!schema || typeof schema !== 'object' || readNode(schema)) return false;
  const values = Object.values(schema);
  return values.length > 0 && values.every((v) => readNode(v) !== undefined);
}

function coerce(value: unknown, schema: AnyZod, depth: number): unknown {
  if (depth > 64) return value;
  let node = readNode(schema);
  while (node && isWrapper(node.kind)) node = readNode(innerOf(node));
  if (!node || !PARSEABLE.has(node.kind)) return value;
  if (typeof value === 'string') {
    if (acceptsValue(schema, value) === true) return value; // a string member of a union, a string that is valid as sent
    const parsed = parseStructure(value);
    if (parsed === value) return value;
    const repaired = descend(parsed, node, depth);
    return acceptsValue(schema, repaired) === false ? value : repaired;
  }
  if (!value || typeof value !== 'object' || acceptsValue(schema, value) === true) return value;
  return descend(value, node, depth);
}

/** Repair inside a structure: object fields, array items, the selected variant, the first union member it fits, record values, tuple items. */
function descend(value: unknown, node: ZodNode, depth: number): unknown {
  if (!value || typeof value !== 'object') return value;
  switch (node.kind) {
    case 'object':
      return Array.isArray(value) ? value : coerceFields(value as Record<string, unknown>, objectShape(node), depth);
    case 'array':
      return Array.isArray(value) ? coerceItems(value, () => arrayElement(node), depth) : value;
    case 'tuple': {
      if (!Array.isArray(value)) return value;
      const { items, rest } = tupleOf(node);
      return coerceItems(value, (i) => items[i] ?? rest, depth);
    }
    case 'record': {
      if (Array.isArray(value)) return value;
      const valueType = valueTypeOf(node);
      const shape: Record<string, AnyZod> = {};
      for (const key of Object.keys(value)) Object.defineProperty(shape, key, { value: valueType, enumerable: true });
      return coerceFields(value as Record<string, unknown>, shape, depth);
    }
    case 'union':
      for (const member of unionOptions(node)) {
        const repaired = coerce(value, member, depth + 1);
        if (repaired !== value && acceptsValue(member, repaired) !== false) return repaired;
      }
      return value;
    case 'discriminated-union': {
      if (Array.isArray(value)) return value;
      const variant = selectVariant(node, (value as Record<string, unknown>)[discriminatorOf(node)]);
      return variant ? coerceFields(value as Record<string, unknown>, objectShape(variant), depth) : value;
    }
    default:
      return value;
  }
}

function coerceItems(value: unknown[], itemAt: (i: number) => AnyZod, depth: number): unknown[] {
  let changed = false;
  const out = value.map((item, i) => {
    const schema = itemAt(i);
    if (!schema) return item;
    const next = coerce(item, schema, depth + 1);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? out : value;
}

function coerceFields(value: Record<string, unknown>, shape: Record<string, AnyZod>, depth: number): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(shape)) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const next = coerce(value[key], shape[key], depth + 1);
    if (next === value[key]) continue;
    out ??= copyObject(value);
    setOwn(out, key, next);
  }
  return out ?? value;
}

/** The variant whose discriminator accepts the value, looking through optional, default and nullable. */
function selectVariant(union: ZodNode, discValue: unknown): ZodNode | undefined {
  for (const option of unionOptions(union)) {
    const node = readNode(option);
    if (node?.kind !== 'object') continue;
    let disc = readNode(objectShape(node)[discriminatorOf(union)]);
    let nullable = false;
    for (let i = 0; disc && i < 8 && (isWrapper(disc.kind) || disc.kind === 'readonly'); i++) {
      if (disc.kind === 'nullable') nullable = true;
      disc = readNode(innerOf(disc));
    }
    if ((nullable && discValue === null) || (disc && literalValues(disc).includes(discValue))) return node;
  }
  return undefined;
}

/** JSON.parse a string into an object or array (anything else leaves the string), a `__proto__` key kept as an own key. */
function parseStructure(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return parsed && typeof parsed === 'object' ? sanitize(parsed) : text;
  } catch {
    return text;
  }
}

/**
 * A plain copy in which every key is an own data property, `__proto__` included (JSON.parse makes it one; a copy
 * by assignment would set the copy's prototype instead and lose the key). The original schema then sees exactly
 * what it would see had the value not been serialized: a `.strict()` object refuses a `__proto__` key, a declared
 * one is there to parse, and zod's output never carries it on to the handler.
 */
function sanitize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sanitize);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) setOwn(out, k, sanitize(v));
  return out;
}

function copyObject(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) setOwn(out, k, v);
  return out;
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
