/**
 * Whether a shipped input schema (JSON, as the library sent it) carries a node at a schema path of the original
 * input (`minTime`, `filters[*].from`): through properties, array items and record values, into every member of an
 * anyOf/oneOf/allOf (a union adds no path segment), following local `$ref`s.
 */
import { resolveRef } from './unionsIn';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when `schema` has a subschema at `path`: the library shipped that key. */
export function shipsPath(schema: unknown, path: readonly string[]): boolean {
  return nodesAt(schema, path).length > 0;
}

/** Every subschema of `schema` at `path` (one per union member that has it), `$ref`s resolved. */
export function nodesAt(schema: unknown, path: readonly string[]): Json[] {
  const out: Json[] = [];
  const visiting = new Set<unknown>();
  const at = (node: unknown, i: number, depth: number): void => {
    if (!isObject(node) || depth > 64 || visiting.has(node)) return;
    const target = resolveRef(schema, node);
    if (target !== node) return at(target, i, depth + 1);
    if (i === path.length) {
      out.push(node);
      return;
    }
    visiting.add(node);
    try {
      for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
        const members = node[keyword];
        if (Array.isArray(members)) for (const m of members) at(m, i, depth + 1);
      }
      const seg = path[i];
      if (seg === '*') {
        const items = Array.isArray(node.items) ? node.items : [node.items, ...(Array.isArray(node.prefixItems) ? node.prefixItems : [])];
        for (const child of [...items, node.additionalProperties]) at(child, i + 1, depth + 1);
        return;
      }
      const properties = node.properties;
      if (isObject(properties) && Object.hasOwn(properties, seg)) at(properties[seg], i + 1, depth + 1);
    } finally {
      visiting.delete(node);
    }
  };
  at(schema, 0, 0);
  return out;
}
