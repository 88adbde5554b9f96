/** What an unwalked subtree (lazy, tuple, map, set, readonly, catch, ...) hides from the flatten walk. */
import { childrenOf, readNode, type AnyZod, type ZodKind } from '../zod/read';

/** 'union' when a discriminated union is inside, 'objects' when objects/arrays are, else undefined. */
export function inspectUnwalked(schema: AnyZod): 'union' | 'objects' | undefined {
  let objects = false;
  const seen = new Set<unknown>();
  const stack: AnyZod[] = [];
  const root = readNode(schema);
  if (!root) return undefined;
  stack.push(...childrenOf(root));
  while (stack.length > 0) {
    const value = stack.pop();
    if (!value || seen.has(value)) continue;
    seen.add(value);
    const node = readNode(value);
    if (!node) continue;
    if (node.kind === 'discriminated-union') return 'union';
    if (node.kind === 'object' || node.kind === 'array') objects = true;
    stack.push(...childrenOf(node));
  }
  return objects ? 'objects' : undefined;
}

const NAMES: Partial<Record<ZodKind, string>> = {
  lazy: 'z.lazy',
  tuple: 'tuple',
  map: 'map',
  set: 'set',
  transform: 'transform',
  readonly: 'readonly',
  catch: 'catch',
  promise: 'promise',
  branded: 'brand',
  nonoptional: 'nonoptional',
  prefault: 'prefault',
};

/** Kinds the walk does not enter (spec: "not walked: returned untouched"). */
export function isUnwalked(kind: ZodKind): boolean {
  return kind in NAMES;
}

export function unwalkedName(kind: ZodKind): string {
  return NAMES[kind] ?? kind;
}
