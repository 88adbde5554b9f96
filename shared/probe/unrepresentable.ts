/**
 * Finding the nodes of the ADVERTISED schema that JSON Schema cannot express, with their trail in the ORIGINAL
 * schema: the walk follows the original and steps through each flattened union exactly as the flatten did
 * (discriminator and keys widened to unknown are not advertised, so nothing inside them is probed).
 */
import type { Step } from '../types';
import { arrayElement, childrenOf, innerOf, literalValues, objectShape, readNode, unionOptions, type AnyZod, type ZodNode } from '../zod/read';
import { optionLabel } from '../flatten/flattenable';

export interface UnrepresentableSite {
  trail: Step[];
  path: string[];
  /** What it is, for the message: `a z.date()`. */
  what: string;
}

const NAMES: Record<string, string> = {
  date: 'a z.date()',
  bigint: 'a z.bigint()',
  symbol: 'a z.symbol()',
  undefined: 'a z.undefined()',
  void: 'a z.void()',
  nan: 'a z.nan()',
  custom: 'a z.custom()',
  function: 'a z.function()',
  transform: 'a transform',
  map: 'a z.map()',
  set: 'a z.set()',
};

/** A step whose variant label is only computed when a site is actually reported. */
type LazyStep = Step | { kind: 'lazy-variant'; union: ZodNode; index: number };
/** Trails and paths as parent-linked chains: the walk allocates one cell per step, arrays only for reported sites. */
type Chain<T> = { head: T; tail: Chain<T> } | undefined;

function toArray<T, U>(chain: Chain<T>, map: (t: T) => U): U[] {
  const out: U[] = [];
  for (let c = chain; c; c = c.tail) out.push(map(c.head));
  return out.reverse();
}

function materialize(step: LazyStep): Step {
  if (step.kind !== 'lazy-variant') return step;
  return { kind: 'variant', discriminator: step.union.def.discriminator, label: optionLabel(step.union, step.index), index: step.index };
}

/** Every unrepresentable node reachable in the advertised form of `schema` (flattened: union node → widened keys). */
export function findUnrepresentable(schema: AnyZod, trail: Step[], flattened: Map<AnyZod, Set<string>>): UnrepresentableSite[] {
  const out: UnrepresentableSite[] = [];
  const onStack = new Set<unknown>();
  let root: Chain<LazyStep>;
  for (const s of trail) root = { head: s, tail: root };
  // `addressable` is false once inside a node the trail vocabulary cannot step into (tuple, map, pipe, lazy...):
  // the trail then stays at that node, while the path keeps naming keys.
  const visit = (value: AnyZod, tr: Chain<LazyStep>, path: Chain<string>, addressable: boolean): void => {
    const node = readNode(value);
    if (!node || onStack.has(value) || out.length > 200) return;
    const what = unrepresentable(node);
    if (what) {
      out.push({ trail: toArray(tr, materialize), path: toArray(path, (p) => p), what });
      return;
    }
    onStack.add(value);
    const step = (s: LazyStep): Chain<LazyStep> => (addressable ? { head: s, tail: tr } : tr);
    const at = (seg: string): Chain<string> => ({ head: seg, tail: path });
    const d = node.def;
    switch (node.kind) {
      case 'object':
        for (const [key, field] of Object.entries(objectShape(node))) visit(field, step({ kind: 'key', key }), at(key), addressable);
        break;
      case 'array':
        visit(arrayElement(node), step({ kind: 'item' }), at('*'), addressable);
        break;
      case 'record':
        visit(d.valueType, step({ kind: 'value' }), at('*'), addressable);
        break;
      case 'union':
        unionOptions(node).forEach((o, index) => visit(o, step({ kind: 'member', index }), path, addressable));
        break;
      case 'intersection':
        visit(d.left, step({ kind: 'side', side: 'left' }), path, addressable);
        visit(d.right, step({ kind: 'side', side: 'right' }), path, addressable);
        break;
      case 'discriminated-union': {
        const widened = flattened.get(node.raw);
        unionOptions(node).forEach((option, index) => {
          const vTrail = step({ kind: 'lazy-variant', union: node, index });
          const vNode = readNode(option);
          if (!widened || vNode?.kind !== 'object') return visit(option, vTrail, path, addressable);
          for (const [key, field] of Object.entries(objectShape(vNode))) {
            if (key === d.discriminator || widened.has(key)) continue;
            visit(field, addressable ? { head: { kind: 'key', key }, tail: vTrail } : tr, at(key), addressable);
          }
        });
        break;
      }
      case 'optional':
      case 'nullable':
      case 'default':
        visit(innerOf(node), tr, path, addressable);
        break;
      default:
        for (const child of advertisedChildren(node)) visit(child, tr, path, false);
    }
    onStack.delete(value);
  };
  visit(schema, root, undefined, true);
  return out;
}

function unrepresentable(node: ZodNode): string | undefined {
  if (node.kind === 'literal') {
    const isBad = (v: unknown) => v === undefined || typeof v === 'bigint';
    const values = literalValues(node);
    return values.some(isBad) ? `a literal ${String(values.find(isBad))}` : undefined;
  }
  if (node.flavour === 'v3' && (node.kind === 'custom' || node.kind === 'transform')) return undefined;
  return NAMES[node.kind];
}

/**
 * The children that reach the advertised JSON: only the input side of a pipe; of every other kind that gets here
 * (effects, lazy, tuple, readonly, catch, ...), all of them. Map and set never get here: they are unrepresentable.
 */
function advertisedChildren(node: ZodNode): AnyZod[] {
  if (node.kind !== 'pipe') return childrenOf(node);
  const d = node.def;
  return [node.flavour === 'v4' && readNode(d.in)?.kind === 'transform' ? d.out : d.in];
}
