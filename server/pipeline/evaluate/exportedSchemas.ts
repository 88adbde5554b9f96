/**
 * Which values of the entry module are tool schemas without a registration: exported zod schemas that
 * hold a discriminated union anywhere, and declarations marked `@toolSchema` (exported under an alias).
 */
import { isZodSchema } from './recorders/shape';

type Def = Record<string, any>;

function defOf(schema: any): { v4: boolean; def: Def } | undefined {
  if (schema?._zod?.def) return { v4: true, def: schema._zod.def };
  if (schema?._def) return { v4: false, def: schema._def };
  return undefined;
}

function childrenOf(schema: any): unknown[] {
  const found = defOf(schema);
  if (!found) return [];
  const { def } = found;
  const out: unknown[] = [];
  const shape = typeof def.shape === 'function' ? def.shape() : def.shape;
  if (shape && typeof shape === 'object') out.push(...Object.values(shape));
  for (const key of ['innerType', 'element', 'type', 'valueType', 'keyType', 'left', 'right', 'in', 'out', 'schema', 'rest']) {
    if (isZodSchema(def[key])) out.push(def[key]);
  }
  for (const key of ['options', 'items']) if (Array.isArray(def[key])) out.push(...def[key]);
  if (typeof def.getter === 'function') {
    try {
      out.push(def.getter());
    } catch {
      // A lazy that throws holds nothing we can see.
    }
  }
  return out.filter(isZodSchema);
}

function isDiscriminatedUnion(schema: any): boolean {
  const found = defOf(schema);
  if (!found) return false;
  return found.v4 ? found.def.type === 'union' && typeof found.def.discriminator === 'string' : found.def.typeName === 'ZodDiscriminatedUnion';
}

/** True when a discriminated union sits anywhere inside the schema (lazy members included). */
export function containsDiscriminatedUnion(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!isZodSchema(schema) || seen.has(schema)) return false;
  seen.add(schema);
  if (isDiscriminatedUnion(schema)) return true;
  return childrenOf(schema).some((child) => containsDiscriminatedUnion(child, seen));
}

export interface ModuleSchema {
  kind: 'exported' | 'tagged';
  name: string;
  schema: unknown;
}

/** The exported (with a discriminated union) and tagged schemas of a module namespace. */
export function moduleSchemas(ns: Record<string, unknown> | undefined, tagged: Array<{ name: string; alias: string }>): ModuleSchema[] {
  if (!ns) return [];
  const out: ModuleSchema[] = [];
  const taggedValues = new Set<unknown>();
  // A CommonJS entry's exports arrive as the namespace's default.
  const cjs = Object.keys(ns).every((k) => k === 'default' || k.startsWith('__toolSchemaLens')) && ns.default && typeof ns.default === 'object' && !isZodSchema(ns.default);
  const exports: Record<string, unknown> = cjs ? { ...(ns.default as Record<string, unknown>) } : ns;
  for (const { name, alias } of tagged) {
    const schema = ns[alias] ?? exports[name];
    if (!isZodSchema(schema)) continue;
    taggedValues.add(schema);
    out.push({ kind: 'tagged', name, schema });
  }
  for (const [name, schema] of Object.entries(exports)) {
    if (name.startsWith('__toolSchemaLens') || taggedValues.has(schema)) continue;
    if (isZodSchema(schema) && containsDiscriminatedUnion(schema)) out.push({ kind: 'exported', name, schema });
  }
  return out;
}
