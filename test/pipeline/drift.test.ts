/**
 * The drift catalogue (issue 25): each breaking, non-breaking and descriptive kind of change, on every zod the engine
 * reads, at the top level, inside a discriminated union, and inside a union that ships flattened, with the class a
 * caller would give it. Snapshots are built from the engine's own conversion of real zod schemas.
 */
import { describe, expect, it } from 'vitest';
import { advertise } from '../../shared/index';
import { buildSnapshot, driftBetween, snapshotText, type SnapshotTool } from '../../server/pipeline/drift';
import { FLAVOURS, type Flavour, type S } from '../engine/support/flavours';

/** A one-tool snapshot of `input`, as written or flattened (the union as written kept as its source). */
function snapshotOf(input: S, options: { flattened?: boolean; name?: string } = {}) {
  const name = options.name ?? 't';
  const asWritten = advertise({ name, input }, { flattenUnionInput: false }).jsonSchema;
  const tool: SnapshotTool = options.flattened
    ? {
        server: 's',
        name,
        flattened: true,
        definition: { name, inputSchema: advertise({ name, input }, { flattenUnionInput: true }).jsonSchema },
        source: asWritten,
      }
    : { server: 's', name, flattened: false, definition: { name, inputSchema: asWritten } };
  return buildSnapshot([tool]);
}

/** The changes from `before` to `after` as `class path: what`. */
function changes(before: S, after: S, flattened = false): string[] {
  const drift = driftBetween(snapshotOf(before, { flattened }), snapshotOf(after, { flattened }));
  return drift.flatMap((d) => d.changes.map((c) => `${c.class} ${c.path}: ${c.what}`));
}

describe.each(FLAVOURS.map((f) => [f.name, f] as const))('drift on %s', (_name, f: Flavour) => {
  const obj = (shape: Record<string, S>) => f.object(shape);
  const du = (a: Record<string, S>, b: Record<string, S>, c?: Record<string, S>) =>
    obj({
      q: f.du('kind', [
        f.object({ kind: f.literal('a'), ...a }),
        f.object({ kind: f.literal('b'), ...b }),
        ...(c ? [f.object({ kind: f.literal('c'), ...c })] : []),
      ]),
    });

  it('top level: a key added as required breaks, added as optional does not; a newly required key breaks', () => {
    expect(changes(obj({ a: f.string() }), obj({ a: f.string(), b: f.number() }))).toEqual(['breaking b: added as required']);
    expect(changes(obj({ a: f.string() }), obj({ a: f.string(), b: f.optional(f.number()) }))).toEqual(['non-breaking b: added as optional']);
    expect(changes(obj({ a: f.optional(f.string()) }), obj({ a: f.string() }))).toEqual(['breaking a: now required']);
    expect(changes(obj({ a: f.string() }), obj({ a: f.optional(f.string()) }))).toEqual(['non-breaking a: no longer required']);
  });

  it('top level: a narrowed type, a removed enum value and a tightened bound break; the reverse does not', () => {
    expect(changes(obj({ a: f.union([f.string(), f.number()]) }), obj({ a: f.string() }))[0]).toMatch(/^breaking a: /);
    expect(changes(obj({ a: f.string() }), obj({ a: f.union([f.string(), f.number()]) }))[0]).toMatch(/^non-breaking a: /);
    expect(changes(obj({ a: f.int() }), obj({ a: f.number() })).filter((c) => !c.includes('imum'))).toEqual([
      'non-breaking a: type widened from integer to number',
    ]);
    expect(changes(obj({ a: f.enum(['x', 'y']) }), obj({ a: f.enum(['x']) }))).toEqual(['breaking a: value "y" removed']);
    expect(changes(obj({ a: f.enum(['x']) }), obj({ a: f.enum(['x', 'y']) }))).toEqual(['non-breaking a: value "y" added']);
    expect(changes(obj({ a: f.min(f.number(), 1) }), obj({ a: f.min(f.number(), 5) }))).toEqual(['breaking a: minimum changed to 5']);
    expect(changes(obj({ a: f.min(f.number(), 5) }), obj({ a: f.min(f.number(), 1) }))).toEqual(['non-breaking a: minimum changed to 1']);
    expect(changes(obj({ a: f.string() }), obj({ a: f.minLength(f.string(), 2) }))).toEqual(['breaking a: minLength set to 2']);
  });

  it('descriptions are descriptive only', () => {
    expect(changes(obj({ a: f.describe(f.string(), 'old') }), obj({ a: f.describe(f.string(), 'new') }))).toEqual(['descriptive a: description changed']);
  });

  it('inside a union: a variant removed breaks, a variant added does not, a change in one variant is named on it', () => {
    expect(changes(du({ x: f.string() }, { y: f.number() }, { z: f.boolean() }), du({ x: f.string() }, { y: f.number() }))).toEqual([
      'breaking q{kind=c}: variant removed',
    ]);
    expect(changes(du({ x: f.string() }, { y: f.number() }), du({ x: f.string() }, { y: f.number() }, { z: f.boolean() }))).toEqual([
      'non-breaking q{kind=c}: variant added',
    ]);
    expect(changes(du({ x: f.string() }, { y: f.number() }), du({ x: f.string() }, { y: f.number(), w: f.string() }))).toEqual([
      'breaking q{kind=b}.w: added as required',
    ]);
  });

  it('inside a union that ships flattened: classified on the union as written, the same as unflattened', () => {
    const before = du({ x: f.string() }, { y: f.enum(['p', 'q']) });
    const after = du({ x: f.string() }, { y: f.enum(['p']) });
    expect(changes(before, after, true)).toEqual(['breaking q{kind=b}.y: value "q" removed']);
    expect(changes(before, du({ x: f.string(), v: f.optional(f.string()) }, { y: f.enum(['p', 'q']) }), true)).toEqual([
      'non-breaking q{kind=a}.v: added as optional',
    ]);
  });
});

describe('an output schema is read by callers: narrowing is safe, widening and a dropped key break', () => {
  const f = FLAVOURS.find((x) => x.major === 4 && !x.mini)!;
  const withOutput = (output: S) => {
    const out = advertise({ name: 't', input: output }, { flattenUnionInput: false }).jsonSchema;
    return buildSnapshot([{ server: 's', name: 't', flattened: false, definition: { name: 't', inputSchema: { type: 'object' }, outputSchema: out } }]);
  };
  const outputChanges = (a: S, b: S) => driftBetween(withOutput(a), withOutput(b)).flatMap((d) => d.changes.map((c) => `${c.class} ${c.path}: ${c.what}`));
  it('classes output changes the other way round', () => {
    expect(outputChanges(f.object({ a: f.string(), b: f.string() }), f.object({ a: f.string() }))).toEqual(['breaking (output).b: removed']);
    expect(outputChanges(f.object({ a: f.string() }), f.object({ a: f.optional(f.string()) }))).toEqual(['breaking (output).a: no longer required']);
    expect(outputChanges(f.object({ a: f.string() }), f.object({ a: f.string(), b: f.string() }))).toEqual(['non-breaking (output).b: added as required']);
    expect(outputChanges(f.object({ a: f.enum(['x', 'y']) }), f.object({ a: f.enum(['x']) }))).toEqual(['non-breaking (output).a: value "y" removed']);
  });
});

describe('tools added, removed and renamed', () => {
  const f = FLAVOURS.find((x) => x.major === 4 && !x.mini)!;
  const input = f.object({ a: f.string() });
  it('a removed tool breaks, a new one does not, the same input under a new name is a rename (breaking)', () => {
    const one = (name: string) => snapshotOf(input, { name });
    expect(driftBetween(one('t'), buildSnapshot([])).map((d) => [d.status, d.class])).toEqual([['removed', 'breaking']]);
    expect(driftBetween(buildSnapshot([]), one('t')).map((d) => [d.status, d.class])).toEqual([['added', 'non-breaking']]);
    expect(driftBetween(one('t'), one('u')).map((d) => [d.status, d.class, d.from])).toEqual([['renamed', 'breaking', 't']]);
    expect(driftBetween(one('t'), one('t'))).toEqual([]);
  });

  it('a snapshot is canonical: the same tools in any order print the same bytes', () => {
    const a: SnapshotTool = { server: 'x', name: 'b', flattened: false, definition: { name: 'b', inputSchema: { type: 'object', properties: {} } } };
    const b: SnapshotTool = { server: 'w', name: 'a', flattened: false, definition: { inputSchema: { properties: {}, type: 'object' }, name: 'a' } };
    expect(snapshotText(buildSnapshot([a, b]))).toBe(snapshotText(buildSnapshot([b, a])));
  });
});
