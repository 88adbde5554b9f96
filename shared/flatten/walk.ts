/**
 * The deep walk (spec "The walk"): flattens every flattenable discriminated union, re-applies wrappers, and returns
 * the very same object for every subtree in which nothing changes.
 */
import { finding, messages } from '../findings';
import type { Finding, Step } from '../types';
import { rebuild, rebuildObject } from '../zod/build';
import {
  arrayElement,
  discriminatorOf,
  effectsOf,
  innerOf,
  isWrapper,
  objectShape,
  pipeEndsOf,
  readNode,
  sidesOf,
  unionOptions,
  unknownKeysOf,
  valueTypeOf,
  type AnyZod,
  type ZodNode,
} from '../zod/read';
import { checkFlattenable, type KeptReason } from './flattenable';
import { flattenUnion, setOwn } from './flattenUnion';
import { inspectUnwalked, isUnwalked, unwalkedName } from './inspect';
import type { Walk, WalkContext } from './walkContext';

export { needsWalk, type Walk, type WalkContext } from './walkContext';

/**
 * Walk one schema; findings and merges accumulate in `ctx`. A dispatch with a small frame, each kind in its own
 * function: the walk recurses once per nesting level, and deep schemas must not exhaust the stack.
 */
export const walk: Walk = (schema, trail, path, ctx) => {
  const node = readNode(schema);
  if (!node) return schema;
  switch (node.kind) {
    case 'discriminated-union':
      return walkDiscriminatedUnion(node, trail, path, ctx);
    case 'object':
      return walkObject(node, trail, path, ctx);
    case 'array':
      return walkArray(node, trail, path, ctx);
    case 'optional':
    case 'nullable':
    case 'default':
      return walkWrapper(node, trail, path, ctx);
    case 'intersection':
      return walkIntersection(node, trail, path, ctx);
    case 'union':
      return walkPlainUnion(node, trail, path, ctx);
    case 'record':
      return walkRecord(node, trail, path, ctx);
    case 'pipe':
    case 'effects':
      return walkPipe(node, trail, path, ctx);
    default:
      if (isUnwalked(node.kind)) reportUnwalked(node, trail, path, ctx);
      return schema;
  }
};

/**
 * The side of a pipe that ships (what a model fills): zod 3's refine/transform/preprocess its inner schema; zod 4's
 * pipe its input, or its output when the input is a transform (`z.preprocess(fn, union)`), as zod's own input
 * conversion picks it.
 */
export function shippedSide(node: ZodNode): 'schema' | 'in' | 'out' {
  if (node.kind === 'effects') return 'schema';
  return readNode(pipeEndsOf(node).in)?.kind === 'transform' ? 'out' : 'in';
}

function walkArray(node: ZodNode, trail: Step[], path: string[], ctx: WalkContext): AnyZod {
  const element = arrayElement(node);
  const next = walk(element, [...trail, { kind: 'item' }], [...path, '*'], ctx);
  return next === element ? node.raw : rebuild(node, node.flavour === 'v4' ? { element: next } : { type: next });
}

function walkWrapper(node: ZodNode, trail: Step[], path: string[], ctx: WalkContext): AnyZod {
  const inner = innerOf(node);
  const next = walk(inner, trail, path, ctx);
  return next === inner ? node.raw : rebuild(node, { innerType: next });
}

function walkIntersection(node: ZodNode, trail: Step[], path: string[], ctx: WalkContext): AnyZod {
  const sides = sidesOf(node);
  const left = walk(sides.left, [...trail, { kind: 'side', side: 'left' }], path, ctx);
  const right = walk(sides.right, [...trail, { kind: 'side', side: 'right' }], path, ctx);
  return left === sides.left && right === sides.right ? node.raw : rebuild(node, { left, right });
}

/** A pipe is walked on the side that ships (`z.preprocess(parseJson, union)`, `.transform()`, `.refine()`); the other stays. */
function walkPipe(node: ZodNode, trail: Step[], path: string[], ctx: WalkContext): AnyZod {
  const side = shippedSide(node);
  const inner = side === 'schema' ? effectsOf(node).inner : pipeEndsOf(node)[side];
  const next = walk(inner, trail, path, ctx);
  return next === inner ? node.raw : rebuild(node, { [side]: next });
}

function walkRecord(node: ZodNode, trail: Step[], path: string[], ctx: WalkContext): AnyZod {
  const value = valueTypeOf(node);
  const next = walk(value, [...trail, { kind: 'value' }], [...path, '*'], ctx);
  return next === value ? node.raw : rebuild(node, { valueType: next });
}

/**
 * An object that the walk reaches again through itself (a recursive getter) gets a twin whose shape is filled
 * after its fields are walked, so the recursion points at the flattened object, not the original.
 */
function walkObject(node: ZodNode, trail: Step[], path: string[], ctx: WalkContext): AnyZod {
  const schema = node.raw;
  const entry = ctx.active.get(schema);
  if (entry) return (entry.placeholder ??= rebuildObject(node, entry.shape));
  const mine = { shape: {} as Record<string, AnyZod>, placeholder: undefined as AnyZod };
  ctx.active.set(schema, mine);
  const before = ctx.changes;
  try {
    let changed = false;
    const next = mine.shape;
    for (const [key, field] of Object.entries(objectShape(node))) {
      const walked = walk(field, [...trail, { kind: 'key', key }], [...path, key], ctx);
      setOwn(next, key, walked);
      if (walked !== field) changed = true;
    }
    reportCatchall(node, trail, path, ctx);
    if (!changed || ctx.changes === before) return schema;
    return mine.placeholder ?? rebuildObject(node, { ...next });
  } finally {
    ctx.active.delete(schema);
  }
}

function walkDiscriminatedUnion(node: ZodNode, trail: Step[], path: string[], ctx: WalkContext): AnyZod {
  const unions = (ctx.unions ??= new Set());
  const verdict: ReturnType<typeof checkFlattenable> = unions.has(node.raw) ? { ok: false, reason: { kind: 'recursive' } } : checkFlattenable(node);
  if (!verdict.ok) return keepUnion(node, verdict.reason, trail, path, ctx);
  ctx.changes++;
  unions.add(node.raw);
  const flat = flattenUnion(node, verdict.variants, trail, path, ctx, walk);
  unions.delete(node.raw); // not in a finally: a throw abandons the whole walk (flattenWithTrail), and its ctx
  return flat;
}

function keepUnion(node: ZodNode, reason: KeptReason, trail: Step[], path: string[], ctx: WalkContext): AnyZod {
  const discriminator = discriminatorOf(node);
  const sites: Finding['sites'] =
    reason.kind === 'empty' || reason.kind === 'recursive'
      ? [{ trail, anchor: 'node' }]
      : [
          {
            trail: [...trail, { kind: 'variant', discriminator, label: reason.label, index: reason.index }],
            anchor: reason.kind === 'non-object-variant' || reason.kind === 'missing-discriminator' ? 'node' : 'discriminator',
            variant: reason.label,
          },
        ];
  ctx.findings.push(
    finding('union-kept', messages.unionKept(ctx.who, path, discriminator, reason, node.flavour === 'v3' ? 'anyOf' : 'oneOf'), {
      tool: ctx.tool,
      path,
      sites,
      discriminator,
      variants: reason.kind === 'empty' || reason.kind === 'recursive' ? undefined : [reason.label],
      // Not a loss of flattening but a schema that fails every parse.
      ...(reason.kind === 'overlapping-discriminator' ? { severity: 'error' as const } : {}),
    }),
  );
  return node.raw;
}

function walkPlainUnion(node: ZodNode, trail: Step[], path: string[], ctx: WalkContext): AnyZod {
  const options = unionOptions(node);
  let changed = false;
  let structured = false;
  const next = options.map((option, index) => {
    const walked = walk(option, [...trail, { kind: 'member', index }], path, ctx);
    if (walked !== option) changed = true;
    if (isStructured(option)) structured = true;
    return walked;
  });
  if (structured) {
    ctx.findings.push(
      finding('union-kept', messages.plainUnionKept(ctx.who, path), {
        tool: ctx.tool,
        path,
        severity: 'information',
        sites: [{ trail, anchor: 'node' }],
      }),
    );
  }
  return changed ? rebuild(node, { options: next }) : node.raw;
}

/** Kinds the model sees as a JSON object or array: a union with one of them as a member stays an anyOf. */
const STRUCTURED = new Set(['object', 'array', 'discriminated-union', 'record', 'tuple', 'intersection', 'map', 'set']);

/**
 * A member the model sees as an object or array (a record too), looking through optional/nullable/default. A nested
 * plain union is not: walked as a member, it reports itself.
 */
function isStructured(schema: AnyZod): boolean {
  let node = readNode(schema);
  for (let depth = 0; node && depth < 8; depth++) {
    if (STRUCTURED.has(node.kind)) return true;
    if (!isWrapper(node.kind)) return false;
    node = readNode(innerOf(node));
  }
  return false;
}

/** A discriminated union in an object's `.catchall()` schema is not flattened (there is no key to walk it under): said plainly. */
function reportCatchall(node: ZodNode, trail: Step[], path: string[], ctx: WalkContext): void {
  const catchall = readNode(unknownKeysOf(node).catchall);
  if (!catchall || catchall.kind === 'unknown' || catchall.kind === 'any') return;
  if (catchall.kind !== 'discriminated-union' && inspectUnwalked(catchall.raw) !== 'union') return;
  ctx.findings.push(
    finding('not-walked', messages.notWalkedUnion(ctx.who, path, 'catchall', node.flavour === 'v3' ? 'anyOf' : 'oneOf'), {
      tool: ctx.tool,
      path,
      severity: 'warning',
      sites: [{ trail, anchor: 'strict-call' }],
    }),
  );
}

function reportUnwalked(node: ZodNode, trail: Step[], path: string[], ctx: WalkContext): void {
  const inside = inspectUnwalked(node.raw);
  if (!inside) return;
  const what = unwalkedName(node.kind);
  const message =
    inside === 'union'
      ? messages.notWalkedUnion(ctx.who, path, what, node.flavour === 'v3' ? 'anyOf' : 'oneOf')
      : messages.notWalkedObjects(ctx.who, path, what);
  ctx.findings.push(
    finding('not-walked', message, {
      tool: ctx.tool,
      path,
      severity: inside === 'union' ? 'warning' : 'information',
      sites: [{ trail, anchor: 'node' }],
    }),
  );
}
