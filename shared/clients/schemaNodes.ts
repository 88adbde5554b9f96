/**
 * The nodes of a JSON Schema, walked once per tool and shared by every rule of every target: each subschema
 * with its JSON pointer segments and its nesting depth (objects and arrays entered from the root).
 */

export type JsonObject = Record<string, unknown>;

export interface SchemaNode {
  node: JsonObject;
  pointer: string[];
  /** Objects and arrays on the way from the root, this node included when it is one. */
  depth: number;
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords holding one subschema, an array of them, or a map of them. */
const SINGLE = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedProperties', 'additionalItems'];
const LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'];
const MAP = ['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas'];

/** Whether a node is an object or array schema (what nesting limits count). */
export function isContainer(node: JsonObject): boolean {
  const t = node.type;
  const types = Array.isArray(t) ? t : [t];
  return types.includes('object') || types.includes('array') || isObject(node.properties) || node.items !== undefined;
}

/** Every subschema of `schema`, root first; a schema that is not an object yields nothing. Never throws on cycles (JSON has none). */
export function schemaNodes(schema: unknown, limit = 20000): SchemaNode[] {
  const out: SchemaNode[] = [];
  const visit = (node: unknown, pointer: string[], parentDepth: number): void => {
    if (!isObject(node) || out.length >= limit) return;
    const depth = parentDepth + (isContainer(node) ? 1 : 0);
    out.push({ node, pointer, depth });
    for (const k of SINGLE) if (isObject(node[k])) visit(node[k], [...pointer, k], depth);
    for (const k of LIST) {
      const list = node[k];
      if (Array.isArray(list)) list.forEach((s, i) => visit(s, [...pointer, k, String(i)], depth));
    }
    for (const k of MAP) {
      const map = node[k];
      if (isObject(map)) for (const [name, s] of Object.entries(map)) visit(s, [...pointer, k, name], depth);
    }
  };
  visit(schema, [], 0);
  return out;
}

/** The segments of a local `$ref` (`#/$defs/A` → [`$defs`, `A`]); undefined for a remote one. */
export function refPointer(ref: unknown): string[] | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  const body = ref.slice(1);
  if (body === '') return [];
  return body
    .split('/')
    .slice(1)
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The schema path a finding names (keys, `*` for items and record values) for JSON pointer segments. */
export function schemaPathOf(pointer: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < pointer.length; i++) {
    const seg = pointer[i];
    if (seg === 'properties' && i + 1 < pointer.length) out.push(pointer[++i]);
    else if ((seg === 'prefixItems' || seg === 'items') && /^\d+$/.test(pointer[i + 1] ?? '')) {
      out.push('*');
      i++;
    } else if (seg === 'items' || seg === 'additionalProperties') out.push('*');
    else if ((seg === 'anyOf' || seg === 'oneOf' || seg === 'allOf') && i + 1 < pointer.length) i++;
    else if ((seg === '$defs' || seg === 'definitions') && i + 1 < pointer.length) {
      out.push(pointer[++i]);
    }
  }
  return out;
}

/**
 * A pointer into `$defs`/`definitions` rebased onto the first place that refers to that definition (zod 4 moves
 * a recursive schema there): the node a reader wrote is where it is used. Unchanged when nothing refers to it.
 */
export function rebaseDefinitionPointer(schema: unknown, pointer: readonly string[]): string[] {
  if ((pointer[0] !== '$defs' && pointer[0] !== 'definitions') || pointer.length < 2) return [...pointer];
  const target = `#/${pointer[0]}/${pointer[1].replace(/~/g, '~0').replace(/\//g, '~1')}`;
  const user = schemaNodes(schema).find((n) => n.node.$ref === target && n.pointer[0] !== '$defs' && n.pointer[0] !== 'definitions');
  return user ? [...user.pointer, ...pointer.slice(2)] : [...pointer];
}
