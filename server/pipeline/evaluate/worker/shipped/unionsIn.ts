/**
 * The unions a shipped input schema (JSON, as the library sent it) carries as written: every `oneOf`/`anyOf`
 * with two or more members of which one is an object or array (a scalar union, or `X | null`, is not what weak
 * models fill badly), outermost first, with the schema path and trail that lead to it in the original input.
 */
import type { Step } from '../../../../../shared/types';

export interface ShippedUnion {
  path: string[];
  trail: Step[];
  keyword: 'oneOf' | 'anyOf';
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNull = (v: unknown) => isObject(v) && v.type === 'null' && Object.keys(v).length === 1;
const isStructured = (v: unknown): boolean =>
  isObject(v) &&
  (v.type === 'object' ||
    v.type === 'array' ||
    isObject(v.properties) ||
    v.items !== undefined ||
    typeof v.$ref === 'string' ||
    Array.isArray(v.anyOf) ||
    Array.isArray(v.oneOf));

export function unionsIn(schema: unknown): ShippedUnion[] {
  const out: ShippedUnion[] = [];
  const visiting = new Set<unknown>();
  const walk = (node: unknown, path: string[], trail: Step[], depth: number): void => {
    if (!isObject(node) || depth > 64 || visiting.has(node)) return;
    visiting.add(node);
    try {
      const target = resolveRef(schema, node);
      if (target !== node) return walk(target, path, trail, depth + 1);
      for (const keyword of ['oneOf', 'anyOf'] as const) {
        const members = node[keyword];
        if (!Array.isArray(members)) continue;
        const real = members.filter((m) => !isNull(m));
        // `X | null` (a nullable) is a wrapper: look through it.
        if (real.length === 1) return walk(real[0], path, trail, depth + 1);
        if (real.length >= 2 && real.some(isStructured)) {
          out.push({ path, trail, keyword });
          return;
        }
      }
      if (Array.isArray(node.allOf)) for (const part of node.allOf) walk(part, path, trail, depth + 1);
      if (isObject(node.properties)) {
        for (const [key, value] of Object.entries(node.properties)) walk(value, [...path, key], [...trail, { kind: 'key', key }], depth + 1);
      }
      if (isObject(node.items)) walk(node.items, [...path, '*'], [...trail, { kind: 'item' }], depth + 1);
      if (isObject(node.additionalProperties)) walk(node.additionalProperties, [...path, '*'], [...trail, { kind: 'value' }], depth + 1);
    } finally {
      visiting.delete(node);
    }
  };
  walk(schema, [], [], 0);
  return out;
}

/** A local `$ref` (`#/definitions/x`) resolved against the root, else the node itself. */
export function resolveRef(root: unknown, node: Json): unknown {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#')) return node;
  let target: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    if (!isObject(target)) return node;
    target = target[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return isObject(target) ? target : node;
}

/** True when the library sent an input with no parameters at all (`{ "type": "object", "properties": {} }`). */
export function isEmptyInput(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (isObject(schema.properties) && Object.keys(schema.properties).length > 0) return false;
  return !['anyOf', 'oneOf', 'allOf', '$ref', 'additionalProperties', 'patternProperties', 'items'].some((k) => schema[k] !== undefined && schema[k] !== false);
}
