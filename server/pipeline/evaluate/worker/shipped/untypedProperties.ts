/**
 * Properties of a shipped input schema that say nothing of their type (`{}`, or a description alone): a model may
 * send any JSON value there. A walk of the JSON Schema as the library sent it, so a key widened to `unknown`, a
 * `z.any()` and a `z.unknown()` are found alike; record values (`additionalProperties`) are not properties.
 */

export interface UntypedProperty {
  /** JSON pointer segments to the property's schema. */
  pointer: string[];
  /** Schema path in the advertised input: keys, `*` for array items and record values. */
  path: string[];
  described: boolean;
}

/** Keywords that say nothing about what a value may be. */
const SILENT = new Set(['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);

function isUntyped(schema: unknown): boolean | undefined {
  if (schema === true) return true;
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
  return Object.keys(schema).every((k) => SILENT.has(k) || k.startsWith('x-'));
}

/** Every untyped property of `schema`, outermost first. */
export function untypedProperties(schema: unknown): UntypedProperty[] {
  const out: UntypedProperty[] = [];
  const walk = (node: unknown, pointer: string[], path: string[], depth: number) => {
    if (!node || typeof node !== 'object' || Array.isArray(node) || depth > 32) return;
    const n = node as Record<string, unknown>;
    const properties = n.properties;
    if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
      for (const [key, child] of Object.entries(properties)) {
        const at = [...pointer, 'properties', key];
        if (isUntyped(child)) {
          const described = typeof (child as Record<string, unknown>).description === 'string';
          out.push({ pointer: at, path: [...path, key], described });
        } else walk(child, at, [...path, key], depth + 1);
      }
    }
    if (n.items && typeof n.items === 'object' && !Array.isArray(n.items)) walk(n.items, [...pointer, 'items'], [...path, '*'], depth + 1);
    if (n.additionalProperties && typeof n.additionalProperties === 'object')
      walk(n.additionalProperties, [...pointer, 'additionalProperties'], [...path, '*'], depth + 1);
    for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
      const list = n[keyword];
      if (Array.isArray(list)) list.forEach((member, i) => walk(member, [...pointer, keyword, String(i)], path, depth + 1));
    }
  };
  walk(schema, [], [], 0);
  return out;
}
