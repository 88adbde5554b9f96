/**
 * Which values of the entry module are tool schemas without a registration: exported zod schemas that
 * hold a discriminated union anywhere, and declarations marked `@toolSchema` (exported under an alias).
 */
import { childrenOf, isZodSchemaSafe, readNode } from '../../../../../shared/zod/read';

/** True when a discriminated union sits anywhere inside the schema (lazy members included). */
export function containsDiscriminatedUnion(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!isZodSchemaSafe(schema) || seen.has(schema)) return false;
  seen.add(schema);
  const node = readNode(schema)!;
  if (node.kind === 'discriminated-union') return true;
  return childrenOf(node).some((child) => containsDiscriminatedUnion(child, seen));
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
  const cjs =
    Object.keys(ns).every((k) => k === 'default' || k.startsWith('__toolSchemaLens')) &&
    ns.default &&
    typeof ns.default === 'object' &&
    !isZodSchemaSafe(ns.default);
  const exports: Record<string, unknown> = cjs ? { ...(ns.default as Record<string, unknown>) } : ns;
  for (const { name, alias } of tagged) {
    const schema = ns[alias] ?? exports[name];
    if (!isZodSchemaSafe(schema)) continue;
    taggedValues.add(schema);
    out.push({ kind: 'tagged', name, schema });
  }
  for (const [name, schema] of Object.entries(exports)) {
    if (name.startsWith('__toolSchemaLens') || taggedValues.has(schema)) continue;
    if (isZodSchemaSafe(schema) && containsDiscriminatedUnion(schema)) out.push({ kind: 'exported', name, schema });
  }
  return out;
}
