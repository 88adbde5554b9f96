/** The per-key merge rules that the catalogue covers only in part: K4 defaults, the deep check rule, canonical shapes. */
import { describe, expect, it } from 'vitest';
import * as z4 from 'zod';
import { z as z3 } from 'zod3';
import { advertise, flattenUnionsDeep } from '../../../shared/index';
import { findChecks } from '../../../shared/flatten/checks';
import { canonicalHash, canonicalString, sameCanonical, stripAnnotations, withoutAnnotations } from '../../../shared/flatten/canonical';

const props = (input: unknown) => (advertise({ name: 't', input }, {}).jsonSchema as any).properties;

describe('K4 defaults', () => {
  it.each([
    ['zod 4', z4],
    ['zod 3', z3],
  ] as const)('%s: a default shared by every declaring variant is advertised, an unshared one is not', (_n, z: any) => {
    const shared = z.discriminatedUnion('k', [
      z.object({ k: z.literal('a'), n: z.number().default(1) }),
      z.object({ k: z.literal('b'), n: z.number().default(1) }),
    ]);
    expect(props(shared).n.default).toBe(1);
    const unshared = z.discriminatedUnion('k', [z.object({ k: z.literal('a'), n: z.number().default(1) }), z.object({ k: z.literal('b'), n: z.number() })]);
    expect(props(unshared).n).toMatchObject({ type: 'number' });
    expect(props(unshared).n.default).toBeUndefined();
    const different = z.discriminatedUnion('k', [
      z.object({ k: z.literal('a'), n: z.number().default(1) }),
      z.object({ k: z.literal('b'), n: z.number().default(2) }),
    ]);
    expect(props(different).n.default).toBeUndefined();
    expect(props(different).n.type).toBe('number');
  });
});

describe('deep check rule', () => {
  it('finds checks through wrappers, pipes, fields, items, members, record values and intersections', () => {
    expect(findChecks(z4.string())).toEqual([]);
    expect(findChecks(z4.object({ a: z4.array(z4.string().regex(/a/)) }).optional())).toEqual(['regex']);
    expect(findChecks(z4.union([z4.string(), z4.number().int()]))).toEqual(['int']);
    expect(
      findChecks(
        z4.record(
          z4.string(),
          z4.string().refine(() => true),
        ),
      ),
    ).toEqual(['refine']);
    expect(findChecks(z4.intersection(z4.object({}), z4.object({ a: z4.string().min(1) })))).toEqual(['min']);
    expect(findChecks(z4.string().transform((s) => s))).toContain('transform');
    expect(findChecks(z3.object({ a: z3.string().min(1) }).nullable())).toEqual(['min']);
    expect(findChecks(z3.string().refine(() => true))).toEqual(['refine']);
    const cyc: any = z4.lazy(() => z4.object({ self: cyc.optional() }));
    expect(findChecks(cyc)).toEqual([]);
  });

  it('a shared key with identical checks is kept, with different refinements widened; a checked key of one variant is kept', () => {
    const du = z4.discriminatedUnion('k', [
      z4.object({ k: z4.literal('a'), i: z4.number().int().min(0), r: z4.string().refine((s) => s !== 'x'), own: z4.string().min(2) }),
      z4.object({ k: z4.literal('b'), i: z4.number().int().min(0), r: z4.string().refine((s) => s !== 'y') }),
    ]);
    const r = flattenUnionsDeep(du);
    expect(r.merges.find((m) => m.key === 'i')).toMatchObject({ outcome: 'kept', variants: ['a', 'b'] });
    expect(r.merges.find((m) => m.key === 'r')).toMatchObject({ outcome: 'widened-unknown', variants: ['a', 'b'] });
    expect(r.merges.find((m) => m.key === 'own')).toMatchObject({ outcome: 'kept' });
    expect(props(du).own.minLength).toBe(2);
  });
});

describe('canonical shapes', () => {
  it('strips annotations at schema positions only, never a property called description', () => {
    const json = { type: 'object', description: 'x', properties: { description: { type: 'string', title: 't' } }, enum: [{ description: 1 }] };
    expect(stripAnnotations(json)).toEqual({ type: 'object', properties: { description: { type: 'string' } }, enum: [{ description: 1 }] });
  });

  it('sorts keys so equal shapes compare equal', () => {
    expect(canonicalString({ b: 1, a: { d: 2, c: 3 } })).toBe(canonicalString({ a: { c: 3, d: 2 }, b: 1 }));
  });
});

describe('walk identity and recursion', () => {
  it('returns the very same object for a tree with no discriminated union, even a recursive one', () => {
    const tree: any = z4.object({
      name: z4.string(),
      get children() {
        return z4.array(tree);
      },
    });
    expect(flattenUnionsDeep(tree).schema).toBe(tree);
    const plain = z3.object({ a: z3.array(z3.object({ b: z3.string() })) });
    expect(flattenUnionsDeep(plain).schema).toBe(plain);
  });

  it('a recursive getter points at the flattened object, so no oneOf is left', () => {
    const act = z4.discriminatedUnion('k', [z4.object({ k: z4.literal('a'), x: z4.string() }), z4.object({ k: z4.literal('b') })]);
    const tree: any = z4.object({
      act,
      get child() {
        return tree.optional();
      },
    });
    const json = JSON.stringify(advertise({ name: 't', input: tree }, {}).jsonSchema);
    expect(json).not.toContain('oneOf');
    const out = flattenUnionsDeep(tree).schema as any;
    expect(out.safeParse({ act: { k: 'b' }, child: { act: { k: 'a', x: 's' } } }).success).toBe(true);
  });
});

describe('descriptions and hints', () => {
  it.each([
    ['zod 4', z4],
    ['zod 3', z3],
  ] as const)('%s: a description on the optional wrapper comes before the hint', (_n, z: any) => {
    const du = z.discriminatedUnion('k', [
      z.object({ k: z.literal('a'), chat: z.string().optional().describe('Target chat') }),
      z.object({ k: z.literal('b') }),
    ]);
    expect(props(du).chat.description).toBe('Target chat Optional when k = a');
  });

  it('an unknown key names each variant shape after the hint; the flat object keeps the union description', () => {
    const du = z4
      .discriminatedUnion('kind', [
        z4.object({ kind: z4.literal('message'), media: z4.object({ id: z4.string() }) }),
        z4.object({ kind: z4.literal('mediaGroup'), media: z4.array(z4.string()) }),
      ])
      .describe('Send');
    const json = advertise({ name: 'send_message', input: du }, {});
    expect((json.jsonSchema as any).properties.media.description).toBe(
      'Required if kind = message | mediaGroup. object when kind = message; array when kind = mediaGroup',
    );
    expect((json.jsonSchema as any).description).toBe('Send');
    expect(json.findings[0].message).toBe(
      "Tool send_message: the model sees `media` as unknown; rename it in one variant. Variants 'message' (object) and 'mediaGroup' (array) declare it differently.",
    );
  });
});

describe('findings inside a key kept for several variants', () => {
  const inner = () => z4.discriminatedUnion('t', [z4.object({ t: z4.literal('x'), v: z4.string() }), z4.object({ t: z4.literal('y'), v: z4.number() })]);

  it('point at every variant that declares a separate copy of the key', () => {
    const du = z4.discriminatedUnion('k', [z4.object({ k: z4.literal('a'), inner: inner() }), z4.object({ k: z4.literal('b'), inner: inner() })]);
    const collision = flattenUnionsDeep(du).findings.find((f) => f.code === 'collision-widened')!;
    expect(collision.path).toEqual(['inner', 'v']);
    expect(collision.sites.map((s) => s.trail.map((t) => ('label' in t ? t.label : 'key' in t ? t.key : t.kind)).join('.'))).toEqual([
      'a.inner.x.v',
      'a.inner.y.v',
      'b.inner.x.v',
      'b.inner.y.v',
    ]);
  });

  it('point once at a schema the variants share', () => {
    const shared = inner();
    const du = z4.discriminatedUnion('k', [z4.object({ k: z4.literal('a'), inner: shared }), z4.object({ k: z4.literal('b'), inner: shared })]);
    expect(flattenUnionsDeep(du).findings.find((f) => f.code === 'collision-widened')!.sites).toHaveLength(2);
  });
});

describe('canonical comparison', () => {
  it('sameCanonical agrees with comparing canonical texts', () => {
    const values: unknown[] = [
      {},
      { a: 1 },
      { a: 1, b: 2 },
      { b: 2, a: 1 },
      { a: undefined },
      { a: null },
      { a: NaN },
      [1, 2],
      [2, 1],
      [undefined],
      [null],
      [],
      { type: 'string', enum: ['a', 'b'] },
      { enum: ['a', 'b'], type: 'string' },
      { type: 'string', enum: ['b', 'a'] },
      '1',
      1,
      -0,
      0,
      null,
      undefined,
      { a: { b: [1, { c: 'x' }] } },
      { a: { b: [1, { c: 'y' }] } },
      { a: [1] },
      { a: { 0: 1 } },
      true,
      'true',
    ];
    for (const a of values)
      for (const b of values) expect(sameCanonical(a, b), `${canonicalString(a)} vs ${canonicalString(b)}`).toBe(canonicalString(a) === canonicalString(b));
    // Equal canonical texts, equal hashes (the buckets distinctShapes compares within).
    for (const a of values) for (const b of values) if (sameCanonical(a, b)) expect(canonicalHash(a)).toBe(canonicalHash(b));
    expect(canonicalHash({ type: 'string', enum: ['a', 'b'] })).not.toBe(canonicalHash({ type: 'string', enum: ['b', 'a'] }));
  });
});

describe('annotation stripping without copies', () => {
  it('withoutAnnotations gives what stripAnnotations gives, and the schema itself when nothing is to strip', () => {
    const clean = {
      type: 'object',
      properties: { a: { type: 'string', enum: ['x'] }, b: { anyOf: [{ type: 'null' }, { type: 'array', items: {} }] } },
      required: ['a'],
    };
    expect(withoutAnnotations(clean)).toBe(clean);
    const annotated = [
      { type: 'string', description: 'd' },
      { type: 'object', properties: { description: { type: 'string' }, a: { type: 'number', default: 1 } } },
      { anyOf: [{ type: 'string', title: 't' }, { type: 'null' }] },
      { type: 'string', enum: ['description'], examples: ['x'] },
      { $defs: { x: { type: 'string', $schema: 's' } } },
      JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'),
    ];
    for (const schema of annotated) {
      expect(JSON.stringify(withoutAnnotations(schema))).toBe(JSON.stringify(stripAnnotations(schema)));
      expect(withoutAnnotations(schema)).toEqual(stripAnnotations(schema));
    }
    const described = { type: 'object', properties: { description: { type: 'string' } } };
    expect(withoutAnnotations(described)).toBe(described); // a property NAMED description is no annotation
  });
});
