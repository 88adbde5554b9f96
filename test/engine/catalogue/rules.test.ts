/**
 * Spec rules the numbered catalogue states only in prose (spec/flatten.md "Flattening one union", "The walk",
 * "The probe"; spec/surface.md "Finding codes"): where the deep check rule looks, annotation-blind
 * comparison, every kind of dropped strictness, not-walked severities, plain unions, probe parity;
 * every zod flavour.
 */
import { describe, expect, it } from 'vitest';
import { advertise, probeTools } from '../../../shared/index';
import type { ToolInput } from '../../../shared/types';
import { FLAVOURS, type Flavour } from '../support/flavours';
import { adv, expectBothAccept, flat, withCode } from '../support/engine';

describe.each(FLAVOURS.map((f) => [f.name, f] as const))('spec rules with %s', (_name, f: Flavour) => {
  const twoVariants = (fields: () => Record<string, any>) =>
    f.du('k', [f.object({ k: f.literal('a'), ...fields() }), f.object({ k: f.literal('b'), ...fields() })]);

  it('the deep check rule looks through wrappers, both sides of a pipe, members, record values and intersection sides', () => {
    // Each variant gets its own refinement functions: the same JSON shape, checks that may differ.
    const fields = () => ({
      nul: f.nullable(f.refine(f.string(), () => true)),
      def: f.withDefault(
        f.refine(f.number(), () => true),
        1,
      ),
      piped: f.transform(f.string(), (s: string) => s),
      pipeOut: f.pipe(
        f.string(),
        f.refine(f.string(), () => true),
      ),
      member: f.union([f.refine(f.string(), () => true), f.number()]),
      rec: f.record(f.refine(f.number(), () => true)),
      both: f.intersection(f.object({ a: f.refine(f.string(), () => true) }), f.object({ b: f.string() })),
      deepArr: f.array(f.object({ inner: f.optional(f.refine(f.string(), () => true)) })),
    });
    const schema = twoVariants(fields);
    const { jsonSchema, findings } = adv(schema);
    const widened = withCode(findings, 'collision-widened').map((c) => c.key);
    expect(widened).toEqual(Object.keys(fields()));
    for (const key of widened) expect(jsonSchema.properties[key!].type, key).toBeUndefined();
    expectBothAccept(schema, jsonSchema, {
      k: 'b',
      nul: null,
      piped: 's',
      pipeOut: 'x',
      member: 2,
      rec: { x: 1 },
      both: { a: 'x', b: 'y' },
      deepArr: [{ inner: 'a' }],
    });
  });

  it('identical declarations are kept at every depth: same checks and parameters, the same functions', () => {
    const ok = () => true;
    const id = (s: string) => s;
    const fields = () => ({
      nul: f.nullable(f.minLength(f.string(), 1)),
      def: f.withDefault(f.min(f.number(), 0), 1),
      piped: f.transform(f.string(), id),
      member: f.union([f.refine(f.string(), ok), f.number()]),
      rec: f.record(f.min(f.number(), 0)),
      deepArr: f.array(f.object({ inner: f.optional(f.regex(f.string(), /a/)) })),
    });
    const schema = twoVariants(fields);
    const { findings, merges } = adv(schema);
    // zod 3's `.refine(fn)` wraps fn in a fresh closure per call: two refinements are never known to be the same.
    const refinedWidened = f.major === 3 ? ['member'] : [];
    expect(withCode(findings, 'collision-widened').map((c) => c.key)).toEqual(refinedWidened);
    expect(merges.filter((m) => m.outcome === 'kept').map((m) => m.key)).toEqual(Object.keys(fields()).filter((k) => !refinedWidened.includes(k)));
  });

  it('the same unchecked shape is kept, compared without annotations (description, default)', () => {
    const schema = f.du('k', [
      f.object({ k: f.literal('a'), o: f.object({ id: f.string() }), l: f.array(f.string()), d: f.describe(f.string(), 'first') }),
      f.object({ k: f.literal('b'), o: f.object({ id: f.string() }), l: f.array(f.string()), d: f.string() }),
    ]);
    const { jsonSchema, findings, merges } = adv(schema);
    expect(findings).toEqual([]);
    expect(jsonSchema.properties.o.type).toBe('object');
    expect(jsonSchema.properties.l.type).toBe('array');
    expect(jsonSchema.properties.d.type).toBe('string');
    expect(merges.map((m) => m.outcome)).toEqual(['kept', 'kept', 'kept']);
    const d = merges.find((m) => m.key === 'd')!;
    expect(d.shapes).toEqual([{ type: 'string' }, { type: 'string' }]);
  });

  it('every kind of dropped strictness is reported on its variant', () => {
    const variants = [
      f.strictObject({ k: f.literal('s'), a: f.string() }),
      f.looseObject({ k: f.literal('p'), b: f.string() }),
      f.catchall({ k: f.literal('c'), c: f.string() }, f.number()),
    ];
    // An object-level refinement keeps a zod 4 object an object; in zod 3 it is an effects node (not a variant).
    if (f.major === 4) variants.push(f.refine(f.object({ k: f.literal('r'), d: f.string() }), () => true));
    const { findings } = adv(f.du('k', variants));
    const dropped = withCode(findings, 'strictness-dropped');
    expect(dropped.map((d) => d.variants)).toEqual((f.major === 4 ? ['s', 'p', 'c', 'r'] : ['s', 'p', 'c']).map((v) => [v]));
    for (const d of dropped) expect(d.sites[0].anchor).toBe('strict-call');
  });

  it('not-walked: a union inside is a warning, objects or arrays inside are information', () => {
    const act = () => f.du('k', [f.object({ k: f.literal('a') }), f.object({ k: f.literal('b') })]);
    const { findings } = adv(f.object({ withUnion: f.lazy(() => act()), withObject: f.lazy(() => f.object({ a: f.array(f.string()) })) }));
    const notWalked = withCode(findings, 'not-walked');
    expect(notWalked.map((n) => [n.path.join('.'), n.severity])).toEqual([
      ['withUnion', 'warning'],
      ['withObject', 'information'],
    ]);
  });

  it('a plain union keeps anyOf: information with an object or array member, nothing for scalars only', () => {
    const { findings } = adv(f.object({ scalars: f.union([f.string(), f.number()]), objs: f.union([f.object({ a: f.string() }), f.array(f.string())]) }));
    expect(withCode(findings, 'union-kept').map((k) => [k.path, k.severity])).toEqual([[['objs'], 'information']]);
  });

  it('a record, tuple or intersection member is structured too: the union stays an anyOf, said so once', () => {
    const { findings, jsonSchema } = adv(
      f.object({
        message: f.union([f.string(), f.record(f.unknown())]),
        at: f.union([f.number(), f.optional(f.tuple([f.number(), f.number()]))]),
        both: f.union([f.string(), f.intersection(f.object({ a: f.string() }), f.object({ b: f.string() }))]),
        nested: f.union([f.string(), f.union([f.number(), f.object({ c: f.string() })])]),
      }),
    );
    expect(withCode(findings, 'union-kept').map((k) => [k.path, k.severity])).toEqual([
      [['message'], 'information'],
      [['at'], 'information'],
      [['both'], 'information'],
      [['nested'], 'information'], // the inner union reports itself; the outer one is not structured on its own account
    ]);
    expect(jsonSchema.properties.message.anyOf ?? jsonSchema.properties.message.oneOf).toHaveLength(2);
  });

  it('findings name the tool given to flattenUnionsDeep', () => {
    const r = flat(f.du('k', [f.object({ k: f.literal('a'), v: f.string() }), f.object({ k: f.literal('b'), v: f.number() })]));
    expect(r.findings.map((x) => x.tool)).toEqual(['t']);
  });

  it('extend merges into the advertised object like params', () => {
    const r = adv(f.du('k', [f.object({ k: f.literal('a'), x: f.string() })]), {}, { extend: f.object({ sessionId: f.optional(f.string()) }) });
    expect(r.mountable).toBe(true);
    expect(Object.keys(r.jsonSchema.properties).sort()).toEqual(['k', 'sessionId', 'x']);
  });

  it('probeTools reports exactly the not-mountable findings advertise produces, plus duplicate names', () => {
    const tools: ToolInput[] = [
      { name: 'ok', input: f.du('k', [f.object({ k: f.literal('a') })]) },
      { name: 'dated', input: f.object({ when: f.date() }) },
      { name: 'clash', input: f.object({ id: f.string() }), params: f.object({ id: f.string() }) },
      { name: 'root', input: f.union([f.object({ a: f.string() }), f.object({ b: f.string() })]) },
      { name: 'dup', input: f.object({ a: f.string() }) },
      { name: 'dup', input: f.object({ b: f.string() }) },
    ];
    for (const flattenUnionInput of [true, false]) {
      const probed = probeTools(tools, { flattenUnionInput });
      const fromAdvertise = tools.flatMap((t) => withCode(advertise(t, { flattenUnionInput }).findings, 'not-mountable'));
      const nonDuplicate = probed.filter((p) => !/dup/.test(p.message) || p.tool !== 'dup');
      expect(nonDuplicate).toEqual(fromAdvertise);
      expect(probed.filter((p) => p.tool === 'dup').length).toBeGreaterThan(0);
      expect(probed.every((p) => p.code === 'not-mountable')).toBe(true);
      expect(probed.some((p) => p.tool === 'ok')).toBe(!flattenUnionInput);
    }
  });
});
