/**
 * What a strict-mode provider asks the model to fill (OpenAI's Structured Outputs: "all fields must be required";
 * an optional field is emulated as a required one that may be null): every object's keys all required, a key that
 * was optional made nullable, no key beyond them. A view for the hover, not a repair: what cannot be made strict
 * (a oneOf, a format) is left as it is and reported by the profile's rules.
 */
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema the strict model fills for `schema` (a new object; `schema` is not changed). */
export function strictView(schema: unknown): unknown {
  return visit(schema);
}

function visit(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(visit);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v)]));
    else if (key === '$defs' || key === 'definitions')
      out[key] = isObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v)])) : value;
    else if (key === 'items' || key === 'anyOf' || key === 'oneOf' || key === 'allOf' || (key === 'additionalProperties' && isObject(value)))
      out[key] = visit(value);
    else out[key] = value;
  }
  if (!isObject(out.properties)) return out;
  const properties = out.properties;
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  for (const key of Object.keys(properties)) if (!required.has(key)) properties[key] = nullable(properties[key]);
  out.required = Object.keys(properties);
  out.additionalProperties = false;
  return out;
}

/** `schema`, or null. */
function nullable(schema: unknown): unknown {
  if (!isObject(schema)) return { anyOf: [schema, { type: 'null' }] };
  const { type } = schema;
  if (typeof type === 'string' && !('anyOf' in schema)) return withNullEnum({ ...schema, type: type === 'null' ? type : [type, 'null'] });
  if (Array.isArray(type)) return withNullEnum(type.includes('null') ? schema : { ...schema, type: [...(type as unknown[]), 'null'] });
  if (Array.isArray(schema.anyOf)) {
    const hasNull = schema.anyOf.some((s) => isObject(s) && s.type === 'null');
    return hasNull ? schema : { ...schema, anyOf: [...(schema.anyOf as unknown[]), { type: 'null' }] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

/** An enum must list null too, or null fails it. */
function withNullEnum(schema: Json): Json {
  return Array.isArray(schema.enum) && !schema.enum.includes(null) ? { ...schema, enum: [...(schema.enum as unknown[]), null] } : schema;
}
