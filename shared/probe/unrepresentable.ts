/**
 * Finding nodes of the ADVERTISED schema, with their trail in the ORIGINAL schema: those JSON Schema cannot express
 * (the tool cannot be mounted), and those whose value JSON cannot carry (a call that sets them fails validation).
 * The walk follows the original and steps through each flattened union exactly as the flatten did (discriminator
 * and keys widened to unknown are not advertised, so nothing inside them is probed).
 */
import type { Step } from '../types';
import {
  arrayElement,
  childrenOf,
  discriminatorOf,
  innerOf,
  isCoerced,
  literalValues,
  objectShape,
  pipeEndsOf,
  readNode,
  sidesOf,
  unionOptions,
  valueTypeOf,
  type AnyZod,
  type ZodNode,
} from '../zod/read';
import { optionLabel } from '../flatten/flattenable';

export interface UnrepresentableSite {
  trail: Step[];
  path: string[];
  /** What it is, for the message: `a z.date()`. */
  what: string;
}

/** A node whose value no JSON carries: what a model sends there instead, and what accepts that. */
export interface JsonRejectedSite extends UnrepresentableSite {
  /** `Date`: the JavaScript value zod expects, which JSON has not. */
  expects: string;
  /** `a date-time string`: what a model sends for it. */
  sends: string;
  /** `z.coerce.date()`: what to declare instead. */
  fix: string;
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
  return { kind: 'variant', discriminator: discriminatorOf(step.union), label: optionLabel(step.union, step.index), index: step.index };
}

/** Every unrepresentable node reachable in the advertised form of `schema` (flattened: union node → widened keys). */
export function findUnrepresentable(schema: AnyZod, trail: Step[], flattened: Map<AnyZod, Set<string>>): UnrepresentableSite[] {
  return findInAdvertised(schema, trail, flattened, (node) => {
    const what = unrepresentable(node);
    return what ? { what } : undefined;
  });
}

/**
 * Every node reachable in the advertised form of `schema` whose value JSON cannot carry (a non-coercing z.date() or
 * z.bigint(), a z.map(), a z.set()): zod rejects whatever a model sends there. Of any zod; whether the node ships at
 * all (zod 3's converter ships it, zod 4's throws) is the caller's question.
 */
export function findJsonRejected(schema: AnyZod, trail: Step[], flattened: Map<AnyZod, Set<string>>): JsonRejectedSite[] {
  return findInAdvertised(schema, trail, flattened, jsonRejected);
}

/** A node whose validation accepts more than its JSON Schema says: a coercing primitive, or a `.catch()`. */
export interface LooserSite {
  /** `z.coerce.number()`, `.catch()`. */
  what: string;
  /** `a number`: what the advertised schema says, and what the conversion lets through. */
  advertised?: string;
  passes?: string;
  call: string;
}

const COERCED: Partial<Record<ZodNode['kind'], { advertised: string; passes: string }>> = {
  string: { advertised: 'a string', passes: 'a number, an object (as "[object Object]")' },
  number: { advertised: 'a number', passes: 'the string "12", an empty string (as 0), true (as 1)' },
  boolean: { advertised: 'a boolean', passes: 'any value: the string "false" is true' },
};

/**
 * Every node reachable in the advertised form of `schema` whose validation accepts values its JSON Schema rules
 * out: `z.coerce.string|number|boolean()` (advertised as the plain type, it converts whatever is sent) and `.catch()`
 * (advertised as its inner type, it turns any invalid value into the fallback).
 */
export function findLooserThanAdvertised(
  schema: AnyZod,
  trail: Step[],
  flattened: Map<AnyZod, Set<string>>,
): Array<LooserSite & { trail: Step[]; path: string[] }> {
  return findInAdvertised(schema, trail, flattened, (node): LooserSite | undefined => {
    if (node.kind === 'catch') return { what: '.catch()', call: 'catch' };
    const coerced = COERCED[node.kind];
    return coerced && isCoerced(node) ? { what: `z.coerce.${node.kind}()`, ...coerced, call: node.kind } : undefined;
  });
}

function findInAdvertised<T extends object>(
  schema: AnyZod,
  trail: Step[],
  flattened: Map<AnyZod, Set<string>>,
  test: (node: ZodNode) => T | undefined,
): Array<T & { trail: Step[]; path: string[] }> {
  const out: Array<T & { trail: Step[]; path: string[] }> = [];
  const onStack = new Set<unknown>();
  let root: Chain<LazyStep>;
  for (const s of trail) root = { head: s, tail: root };
  // `addressable` is false once inside a node the trail vocabulary cannot step into (tuple, map, pipe, lazy...):
  // the trail then stays at that node, while the path keeps naming keys.
  const visit = (value: AnyZod, tr: Chain<LazyStep>, path: Chain<string>, addressable: boolean): void => {
    const node = readNode(value);
    if (!node || onStack.has(value) || out.length > 200) return;
    const hit = test(node);
    if (hit) {
      out.push({ ...hit, trail: toArray(tr, materialize), path: toArray(path, (p) => p) });
      return;
    }
    onStack.add(value);
    const step = (s: LazyStep): Chain<LazyStep> => (addressable ? { head: s, tail: tr } : tr);
    const at = (seg: string): Chain<string> => ({ head: seg, tail: path });
    switch (node.kind) {
      case 'object':
        for (const [key, field] of Object.entries(objectShape(node))) visit(field, step({ kind: 'key', key }), at(key), addressable);
        break;
      case 'array':
        visit(arrayElement(node), step({ kind: 'item' }), at('*'), addressable);
        break;
      case 'record':
        visit(valueTypeOf(node), step({ kind: 'value' }), at('*'), addressable);
        break;
      case 'union':
        unionOptions(node).forEach((o, index) => visit(o, step({ kind: 'member', index }), path, addressable));
        break;
      case 'intersection':
        visit(sidesOf(node).left, step({ kind: 'side', side: 'left' }), path, addressable);
        visit(sidesOf(node).right, step({ kind: 'side', side: 'right' }), path, addressable);
        break;
      case 'discriminated-union': {
        const widened = flattened.get(node.raw);
        const discriminator = discriminatorOf(node);
        unionOptions(node).forEach((option, index) => {
          const vTrail = step({ kind: 'lazy-variant', union: node, index });
          const vNode = readNode(option);
          if (!widened || vNode?.kind !== 'object') return visit(option, vTrail, path, addressable);
          for (const [key, field] of Object.entries(objectShape(vNode))) {
            if (key === discriminator || widened.has(key)) continue;
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

/** Kinds zod 3's converter (zod-to-json-schema, what every zod 3 library ships through) expresses after all. */
const V3_EXPRESSED = new Set(['custom', 'transform', 'date', 'bigint', 'map', 'set']);

function unrepresentable(node: ZodNode): string | undefined {
  if (node.kind === 'literal') {
    const isBad = (v: unknown) => v === undefined || typeof v === 'bigint';
    const values = literalValues(node);
    return values.some(isBad) ? `a literal ${String(values.find(isBad))}` : undefined;
  }
  // A date as a date-time string, a bigint as an int64 integer, a map as an array of pairs, a set as an array.
  if (node.flavour === 'v3' && V3_EXPRESSED.has(node.kind)) return undefined;
  return NAMES[node.kind];
}

/** JSON has no Date, BigInt, Map or Set: what a model sends in their place, and the zod that accepts it. */
const REJECTED: Partial<Record<ZodNode['kind'], { expects: string; sends: string; fix: string }>> = {
  date: { expects: 'Date', sends: 'a date-time string', fix: 'z.coerce.date() (it parses the string) or z.string().datetime()' },
  bigint: { expects: 'BigInt', sends: 'a number or a string', fix: 'z.coerce.bigint() or z.number().int()' },
  map: { expects: 'Map', sends: 'an array of pairs or an object', fix: 'z.record(...)' },
  set: { expects: 'Set', sends: 'an array', fix: 'z.array(...)' },
};

function jsonRejected(node: ZodNode): Omit<JsonRejectedSite, 'trail' | 'path'> | undefined {
  const rejected = REJECTED[node.kind];
  // z.coerce.date() / z.coerce.bigint() run `new Date(value)` / `BigInt(value)` first: the string or number passes.
  if (!rejected || isCoerced(node)) return undefined;
  return { what: NAMES[node.kind], ...rejected };
}

/**
 * The children that reach the advertised JSON: only the input side of a pipe; of every other kind that gets here
 * (effects, lazy, tuple, readonly, catch, ...), all of them. Map and set never get here: they are unrepresentable.
 */
function advertisedChildren(node: ZodNode): AnyZod[] {
  if (node.kind !== 'pipe') return childrenOf(node);
  const ends = pipeEndsOf(node);
  return [node.flavour === 'v4' && readNode(ends.in)?.kind === 'transform' ? ends.out : ends.in];
}
