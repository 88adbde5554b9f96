/**
 * Bad input never crashes the engine (spec/surface.md, "Bad input ... gets a clear finding, never a crash"),
 * and its output is deterministic (spec/flatten.md, "Advertised JSON Schema"; catalogue 28).
 */
import { describe, expect, it } from 'vitest';
import * as z4 from 'zod';
import { advertise, flattenUnionsDeep, probeTools } from '../../shared/index';
import { FLAVOURS, ZOD3_ALIAS, ZOD4, type Flavour } from './support/flavours';
import { withCode } from './support/engine';

function safely<T>(run: () => T): T {
  let result: T | undefined;
  expect(() => {
    result = run();
  }).not.toThrow();
  return result as T;
}

/** advertise must answer with findings (or mountable: false) for anything, never with a throw. */
function expectRefusedGracefully(input: unknown) {
  const r = safely(() => advertise({ name: 'bad', input }, {}));
  expect(r.mountable).toBe(false);
  expect(r.findings.length).toBeGreaterThan(0);
  for (const f of r.findings) {
    expect(typeof f.message).toBe('string');
    expect(f.message.length).toBeGreaterThan(0);
    expect(f.sites.length).toBeGreaterThan(0);
  }
  const probed = safely(() => probeTools([{ name: 'bad', input }], {}));
  expect(withCode(probed, 'not-mountable').length).toBeGreaterThan(0);
  return r;
}

const throwingProxy = new Proxy(
  {},
  {
    get() {
      throw new Error('getter exploded');
    },
    has() {
      throw new Error('has exploded');
    },
    ownKeys() {
      throw new Error('ownKeys exploded');
    },
    getPrototypeOf() {
      throw new Error('getPrototypeOf exploded');
    },
  },
);

describe('robustness: values that are not zod schemas', () => {
  it.each([
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['a string', 'z.object({})'],
    ['a plain object with no schemas', { foo: 'bar' }],
    ['a function', () => 1],
    ['a proxy whose every trap throws', throwingProxy],
  ])('%s gives a finding, not a throw', (_label, input) => {
    expectRefusedGracefully(input);
    const flat = safely(() => flattenUnionsDeep(input));
    expect(flat.schema).toBe(input);
  });
});

describe.each(FLAVOURS.map((f) => [f.name, f] as const))('robustness with %s', (_name, f: Flavour) => {
  it('an empty discriminated union is kept, with a finding', () => {
    const empty = f.du('k', []);
    const r = safely(() => flattenUnionsDeep(empty));
    expect(r.schema).toBe(empty);
    expect(withCode(r.findings, 'union-kept')).toHaveLength(1);
    const inTool = safely(() => advertise({ name: 't', input: f.object({ e: empty, ok: f.string() }) }, {}));
    expect(withCode(inTool.findings, 'union-kept').map((x) => x.path)).toEqual([['e']]);
  });

  it('a cyclic lazy schema terminates and the rest of the tool is still flattened', () => {
    const act = f.du('k', [f.object({ k: f.literal('a'), x: f.string() }), f.object({ k: f.literal('b'), y: f.number() })]);
    const node: any = f.object({ name: f.string(), children: f.lazy(() => f.array(node)), act });
    const r = safely(() => advertise({ name: 't', input: node }, {}));
    expect(r.jsonSchema).toBeDefined();
    expect((r.jsonSchema as any).properties.act.properties.k.enum).toEqual(['a', 'b']);
    expect(withCode(r.findings, 'not-walked').map((x) => x.path)).toEqual([['children']]);
    expect(JSON.stringify(r.jsonSchema).length).toBeGreaterThan(0);
  });

  it('a 1,000-variant union flattens into one enum of 1,000 values', () => {
    const variants = Array.from({ length: 1000 }, (_, i) =>
      f.object({ k: f.literal(`v${i}`), [`f${i % 7}`]: i % 2 ? f.string() : f.number(), common: f.string() }),
    );
    const r = safely(() => advertise({ name: 't', input: f.du('k', variants) }, {}));
    const json = r.jsonSchema as any;
    expect(json.properties.k.enum).toHaveLength(1000);
    expect(json.properties.k.enum[999]).toBe('v999');
    expect(Object.keys(json.properties)).toEqual(['k', 'f0', 'common', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6']);
    expect(json.properties.common.type).toBe('string');
    expect(withCode(r.findings, 'collision-widened').map((x) => x.key)).toEqual(['f0', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6']);
  });

  it('a schema whose conversion throws (zod 4 z.custom) gives not-mountable at its path and {} for display', () => {
    const r = safely(() => advertise({ name: 't', input: f.object({ ok: f.string(), c: f.custom() }) }, {}));
    expect((r.jsonSchema as any).properties.ok).toMatchObject({ type: 'string' });
    expect((r.jsonSchema as any).properties.c).toEqual({});
    // zod 3's z.custom is `z.any().superRefine(...)`, which converts without a throw and cannot be told apart.
    if (f.major === 4) {
      expect(r.mountable).toBe(false);
      expect(withCode(r.findings, 'not-mountable').map((x) => x.path)).toEqual([['c']]);
    }
  });
});

describe('robustness: schemas that throw while being read', () => {
  it('a zod 4 object whose shape getter throws gives a finding, not a throw', () => {
    const exploding = z4.object({
      ok: z4.string(),
      get bad(): any {
        throw new Error('shape getter exploded');
      },
    });
    expectRefusedGracefully(exploding);
    const r = safely(() => advertise({ name: 'good', input: z4.object({ ok: z4.string() }) }, {}));
    expect(r.mountable).toBe(true);
  });

  it('a zod 3 object whose shape function throws gives a finding, not a throw', () => {
    const z3 = ZOD3_ALIAS as any;
    const obj: any = z3.object({ ok: z3.string() });
    obj._def.shape = () => {
      throw new Error('shape exploded');
    };
    expectRefusedGracefully(obj);
  });

  it('a zod 4 recursive object through a getter terminates', () => {
    const act = z4.discriminatedUnion('k', [z4.object({ k: z4.literal('a'), x: z4.string() }), z4.object({ k: z4.literal('b') })]);
    const tree = z4.object({
      act,
      get child() {
        return tree.optional();
      },
    });
    const r = safely(() => advertise({ name: 't', input: tree }, {}));
    expect((r.jsonSchema as any).properties.act.properties.k.enum).toEqual(['a', 'b']);
    expect(JSON.stringify((r.jsonSchema as any).properties.act)).not.toContain('"oneOf"');
  });

  it('one bad tool never hides the findings of the others; duplicate names are reported', () => {
    const good = ZOD4.object({ when: ZOD4.date() });
    const findings = safely(() =>
      probeTools(
        [
          { name: 'bad', input: throwingProxy },
          { name: 'dated', input: good },
          { name: 'dup', input: ZOD4.object({ a: ZOD4.string() }) },
          { name: 'dup', input: ZOD4.object({ b: ZOD4.string() }) },
        ],
        {},
      ),
    );
    const refused = withCode(findings, 'not-mountable');
    expect(refused.some((x) => x.tool === 'bad')).toBe(true);
    expect(refused.some((x) => x.tool === 'dated' && x.path.join('.') === 'when')).toBe(true);
    expect(refused.filter((x) => x.tool === 'dup').length).toBeGreaterThan(0);
    expect(refused.find((x) => x.tool === 'dup')!.message).toContain('dup');
  });
});

describe.each([ZOD3_ALIAS, ZOD4].map((f) => [f.name, f] as const))('determinism with %s', (_name, f: Flavour) => {
  const build = (reverse = false) => {
    const variants = [
      f.object({
        k: f.literal('a'),
        media: f.object({ id: f.string() }),
        mode: f.enum(['x']),
        note: f.string(),
        inner: f.du('t', [f.object({ t: f.literal('p'), v: f.number() }), f.object({ t: f.literal('q'), v: f.string() })]),
      }),
      f.object({
        k: f.literal('b'),
        media: f.array(f.string()),
        mode: f.enum(['y']),
        kept: f.du('n', [f.object({ n: f.literal(1) }), f.object({ n: f.literal(2) })]),
      }),
      f.strictObject({ k: f.literal('c'), note: f.string(), when: f.date() }),
    ];
    return f.object({ keep: f.string(), act: f.du('k', reverse ? [...variants].reverse() : variants) });
  };

  it('the same schema built twice gives byte-identical JSON and findings, in both dialects', () => {
    for (const target of ['draft-7', 'draft-2020-12'] as const) {
      const one = advertise({ name: 't', input: build() }, { target });
      const two = advertise({ name: 't', input: build() }, { target });
      expect(JSON.stringify(two.jsonSchema)).toBe(JSON.stringify(one.jsonSchema));
      expect(JSON.stringify(two.findings)).toBe(JSON.stringify(one.findings));
      expect(JSON.stringify(two.merges)).toBe(JSON.stringify(one.merges));
      expect(one.findings.map((x) => x.code).sort()).toEqual([
        'collision-widened',
        'collision-widened',
        'enum-widened',
        // The z.date(): zod 4 cannot convert it; zod 3 ships a date-time string that z.date() rejects.
        f.major === 4 ? 'not-mountable' : 'strictness-dropped',
        f.major === 4 ? 'strictness-dropped' : 'union-kept',
        f.major === 4 ? 'union-kept' : 'validation-rejects',
      ]);
    }
  });

  it('the order of analysis leaves no trace: a schema analysed after others gives the same bytes', () => {
    const first = advertise({ name: 't', input: build() }, {});
    advertise({ name: 'other', input: build(true) }, { target: 'draft-2020-12' });
    advertise({ name: 'third', input: f.object({ x: f.du('q', [f.object({ q: f.literal('z'), note: f.number() })]) }) }, { flattenUnionInput: false });
    const again = advertise({ name: 't', input: build() }, {});
    expect(JSON.stringify(again.jsonSchema)).toBe(JSON.stringify(first.jsonSchema));
    expect(JSON.stringify(again.findings)).toBe(JSON.stringify(first.findings));
  });

  it('variants in another order change only what first-seen order governs', () => {
    const one = advertise({ name: 't', input: build() }, {});
    const rev = advertise({ name: 't', input: build(true) }, {});
    const act = (r: typeof one) => (r.jsonSchema as any).properties.act;
    expect(act(one).properties.k.enum).toEqual(['a', 'b', 'c']);
    expect(act(rev).properties.k.enum).toEqual(['c', 'b', 'a']);
    expect(act(one).properties.mode.enum).toEqual(['x', 'y']);
    expect(act(rev).properties.mode.enum).toEqual(['y', 'x']);
    expect(Object.keys(act(one).properties)).toEqual(['k', 'media', 'mode', 'note', 'inner', 'kept', 'when']);
    expect(Object.keys(act(rev).properties)).toEqual(['k', 'note', 'when', 'media', 'mode', 'kept', 'inner']);
    const summary = (r: typeof one) => r.findings.map((x) => `${x.code} ${x.path.join('.')} ${[...(x.variants ?? [])].sort().join(',')}`).sort();
    expect(summary(rev)).toEqual(summary(one));
  });
});
