/**
 * Repairing arguments a model double-serialized (an array sent as the string "[1,2]"), against the ORIGINAL schema,
 * at any depth (ADR-0033 §6). Scalars are never coerced; the caller's value is never mutated.
 */
import { arrayElement, innerOf, isWrapper, literalValues, objectShape, readNode, unionOptions, type AnyZod, type ZodNode } from './zod/read';

const PARSEABLE = new Set(['array', 'object', 'record', 'tuple', 'union', 'discriminated-union']);
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

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
  if (!node) return value;
  if (typeof value === 'string' && PARSEABLE.has(node.kind)) value = parseStructure(value);
  if (!value || typeof value !== 'object') return value;
  switch (node.kind) {
    case 'object':
      return Array.isArray(value) ? value : coerceFields(value as Record<string, unknown>, objectShape(node), depth);
    case 'array': {
      if (!Array.isArray(value)) return value;
      const element = arrayElement(node);
      let changed = false;
      const out = value.map((item) => {
        const next = coerce(item, element, depth + 1);
        if (next !== item) changed = true;
        return next;
      });
      return changed ? out : value;
    }
    case 'discriminated-union': {
      if (Array.isArray(value)) return value;
      const variant = selectVariant(node, (value as Record<string, unknown>)[node.def.discriminator]);
      return variant ? coerceFields(value as Record<string, unknown>, objectShape(variant), depth) : value;
    }
    default:
      return value;
  }
}

function coerceFields(value: Record<string, unknown>, shape: Record<string, AnyZod>, depth: number): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const [key, field] of Object.entries(shape)) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const next = coerce(value[key], field, depth + 1);
    if (next === value[key]) continue;
    out ??= copyObject(value);
    Object.defineProperty(out, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return out ?? value;
}

function selectVariant(union: ZodNode, discValue: unknown): ZodNode | undefined {
  for (const option of unionOptions(union)) {
    const node = readNode(option);
    if (node?.kind !== 'object') continue;
    let disc = readNode(objectShape(node)[union.def.discriminator]);
    while (disc && (disc.kind === 'optional' || disc.kind === 'default')) disc = readNode(innerOf(disc));
    if (disc && literalValues(disc).includes(discValue)) return node;
  }
  return undefined;
}

/** JSON.parse a string into an object or array (anything else leaves the string), without prototype-polluting keys. */
function parseStructure(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    const parsed = JSON.parse(trimmed);
    return parsed && typeof parsed === 'object' ? sanitize(parsed) : text;
  } catch {
    return text;
  }
}

function sanitize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sanitize);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (UNSAFE_KEYS.has(k)) continue;
    out[k] = sanitize(v);
  }
  return out;
}

function copyObject(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}
