/**
 * The subschema of an advertised JSON Schema at a schema path (keys, `*`), for the hover's key report.
 * Looks through the wrappers a JSON Schema generator adds (anyOf with null, allOf, $ref to definitions).
 */
export function advertisedAt(schema: unknown, schemaPath: readonly string[]): unknown {
  let node: unknown = schema;
  for (const seg of schemaPath) {
    node = step(schema, node, seg, 0);
    if (node === undefined) return undefined;
  }
  return node;
}

type Json = Record<string, unknown>;

function step(root: unknown, node: unknown, seg: string, depth: number): unknown {
  if (!isObject(node) || depth > 8) return undefined;
  const resolved = resolveRef(root, node);
  if (seg === '*') {
    if (isObject(resolved.items)) return resolved.items;
    if (isObject(resolved.additionalProperties)) return resolved.additionalProperties;
  } else if (isObject(resolved.properties) && seg in resolved.properties) {
    return resolved.properties[seg];
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const members = resolved[key];
    if (!Array.isArray(members)) continue;
    for (const member of members) {
      const found = step(root, member, seg, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function resolveRef(root: unknown, node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  let target: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    if (!isObject(target)) return node;
    target = target[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return isObject(target) ? target : node;
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
