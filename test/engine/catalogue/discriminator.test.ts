/**
 * Catalogue cases 13–17 (spec/flatten.md): which discriminators flatten, and that a union which does not
 * is returned untouched with a `union-kept` finding instead of a throw; every zod flavour (case 29).
 */
import { describe, expect, it } from 'vitest';
import { FLAVOURS, type Flavour } from '../support/flavours';
import { adv, expectBothAccept, expectNoUnionKeywords, expectUnionKeywords, flat, withCode } from '../support/engine';

describe.each(FLAVOURS.map((f) => [f.name, f] as const))('catalogue 13–17 with %s', (_name, f: Flavour) => {
  it.skipIf(!f.multiLiteral)('13 (D1): a multi-value literal discriminator joins the enum; its label is `a | b`', () => {
    const schema = f.du('k', [f.object({ k: f.literal(['a', 'b']), x: f.string() }), f.object({ k: f.literal('c'), y: f.string() })]);
    const { jsonSchema, findings, merges } = adv(schema);
    expect(jsonSchema.properties.k).toMatchObject({ type: 'string', enum: ['a', 'b', 'c'] });
    expect(jsonSchema.required).toEqual(['k']);
    expect(jsonSchema.properties.x.description).toBe('Required if k = a | b');
    expect(jsonSchema.properties.y.description).toBe('Required if k = c');
    expect(merges.find((m) => m.key === 'x')!.variants).toEqual(['a | b']);
    expect(findings).toEqual([]);
    expectBothAccept(schema, jsonSchema, { k: 'b', x: '1' });
    expectBothAccept(schema, jsonSchema, { k: 'c', y: '1' });
  });

  it("14 (D1'): an enum discriminator in one variant is flattenable", () => {
    const schema = f.du('k', [f.object({ k: f.enum(['x', 'y']), p: f.string() }), f.object({ k: f.literal('z'), q: f.number() })]);
    const { jsonSchema, findings } = adv(schema);
    expectNoUnionKeywords(jsonSchema);
    expect(jsonSchema.properties.k).toMatchObject({ type: 'string', enum: ['x', 'y', 'z'] });
    expect(jsonSchema.properties.p.description).toBe('Required if k = x | y');
    expect(jsonSchema.properties.q.description).toBe('Required if k = z');
    expect(withCode(findings, 'union-kept')).toEqual([]);
    expectBothAccept(schema, jsonSchema, { k: 'y', p: 's' });
  });

  /** The union is returned as is, with one union-kept finding pointing at the first offending variant. */
  function expectKept(union: any, label: string, offending: { index: number; anchor: 'discriminator' | 'node' }) {
    const result = flat(union);
    expect(result.schema, `${label}: the union comes back untouched`).toBe(union);
    const kept = withCode(result.findings, 'union-kept');
    expect(kept, `${label}: one union-kept finding`).toHaveLength(1);
    expect(kept[0]).toMatchObject({ severity: 'warning', path: [] });
    expect(kept[0].sites).toHaveLength(1);
    expect(kept[0].sites[0].anchor, label).toBe(offending.anchor);
    expect(kept[0].sites[0].trail, label).toEqual([expect.objectContaining({ kind: 'variant', discriminator: 'k', index: offending.index })]);

    // Inside a tool the rest is still analysed: the union keeps its oneOf/anyOf, the tool stays mountable.
    const tool = adv(f.object({ u: union, other: f.du('d', [f.object({ d: f.literal('p'), x: f.string() })]) }));
    expect(tool.mountable).toBe(true);
    expectUnionKeywords(tool.jsonSchema.properties.u);
    expectNoUnionKeywords(tool.jsonSchema.properties.other);
    expect(withCode(tool.findings, 'union-kept').map((k) => k.path)).toEqual([['u']]);
    return kept[0];
  }

  it('15 (D2): number literal discriminators leave the union untouched (union-kept, no throw)', () => {
    const union = f.du('k', [f.object({ k: f.literal(1), a: f.string() }), f.object({ k: f.literal(2), b: f.string() })]);
    expectKept(union, 'number literals', { index: 0, anchor: 'discriminator' });
    expect(() => adv(union)).not.toThrow();
    if (f.multiLiteral) {
      const mixed = f.du('k', [f.object({ k: f.literal('a'), a: f.string() }), f.object({ k: f.literal(['b', 2] as any), b: f.string() })]);
      expectKept(mixed, 'mixed literal', { index: 1, anchor: 'discriminator' });
    }
  });

  it("16 (D2'): a lazy variant, or an optional discriminator, leaves the union untouched", () => {
    const obj = f.object({ k: f.literal('a'), a: f.string() });
    const other = f.object({ k: f.literal('b'), b: f.string() });
    let lazyVariant: any;
    if (f.major === 4) {
      lazyVariant = f.du('k', [f.lazy(() => obj), other]);
    } else {
      // zod 3's constructor refuses a non-object option, but a union can still carry one at run time.
      lazyVariant = f.du('k', [obj, other]);
      lazyVariant._def.options = [f.lazy(() => obj), other];
    }
    expectKept(lazyVariant, 'lazy variant', { index: 0, anchor: 'node' });
    const optionalDiscriminator = f.du('k', [f.object({ k: f.optional(f.literal('a')), a: f.string() }), other]);
    expectKept(optionalDiscriminator, 'optional discriminator', { index: 0, anchor: 'discriminator' });
  });

  it.skipIf(f.major !== 4)('two variants claiming one value stay a union, an error that names both and the value (zod 4 rejects every parse)', () => {
    const union = f.du('k', [f.object({ k: f.literal('a'), x: f.string() }), f.object({ k: f.enum(['a', 'b']), y: f.number() })]);
    expect(() => union.parse({ k: 'a', x: '1' })).toThrow(/Duplicate discriminator value/);
    const result = flat(union);
    expect(result.schema).toBe(union);
    const [kept] = withCode(result.findings, 'union-kept');
    expect([kept.severity, kept.sites[0].anchor, kept.variants]).toEqual(['error', 'discriminator', ['a | b']]);
    expect(kept.message).toContain("variants 'a' and 'a | b' of the union on `k` at the root both claim \"a\"");
    expect(kept.message).toContain('give each variant its own value');
  });

  it("17 (D2''): a boolean discriminator leaves the union untouched", () => {
    const union = f.du('k', [f.object({ k: f.literal(true), a: f.string() }), f.object({ k: f.literal(false), b: f.string() })]);
    const kept = expectKept(union, 'boolean', { index: 0, anchor: 'discriminator' });
    expect(kept.message.length).toBeGreaterThan(0);
  });
});
