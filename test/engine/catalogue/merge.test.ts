/**
 * Catalogue cases 1–12 (spec/flatten.md): flattening one union and merging each key across variants,
 * for every zod flavour (case 29).
 */
import { describe, expect, it } from 'vitest';
import { FLAVOURS, type Flavour } from '../support/flavours';
import {
  adv,
  expectBothAccept,
  expectNoUnionKeywords,
  expectUnionKeywords,
  flat,
  keyStep,
  kindOf,
  shapeOf,
  unwrapOptional,
  variantStep,
  withCode,
} from '../support/engine';
import { jsonAccepts, propertyAt } from '../support/jsonSchema';

describe.each(FLAVOURS.map((f) => [f.name, f] as const))('catalogue 1–12 with %s', (_name, f: Flavour) => {
  const DU = (k: string, ...variants: Array<[string, Record<string, any>]>) =>
    f.du(
      k,
      variants.map(([label, fields]) => f.object({ [k]: f.literal(label), ...fields })),
    );

  it('1: a three-variant union becomes one object with a required enum discriminator and hinted optional keys', () => {
    const title = f.string();
    const schema = DU('type', ['setMeta', { title }], ['addPart', { content: f.string(), position: f.number() }], ['removePart', { partId: f.string() }]);
    const { jsonSchema, findings, merges, mountable } = adv(schema);
    expect(mountable).toBe(true);
    expect(jsonSchema.type).toBe('object');
    expect(Object.keys(jsonSchema.properties)).toEqual(['type', 'title', 'content', 'position', 'partId']);
    expect(jsonSchema.properties.type).toMatchObject({ type: 'string', enum: ['setMeta', 'addPart', 'removePart'] });
    expect(jsonSchema.required).toEqual(['type']);
    expect(jsonSchema.properties.title).toMatchObject({ type: 'string', description: 'Required if type = setMeta' });
    expect(jsonSchema.properties.content).toMatchObject({ type: 'string', description: 'Required if type = addPart' });
    expect(jsonSchema.properties.position).toMatchObject({ type: 'number', description: 'Required if type = addPart' });
    expect(jsonSchema.properties.partId).toMatchObject({ type: 'string', description: 'Required if type = removePart' });
    expectNoUnionKeywords(jsonSchema);
    expect(findings).toEqual([]);
    expect(merges.map((m) => [m.key, m.outcome, m.variants])).toEqual([
      ['title', 'kept', ['setMeta']],
      ['content', 'kept', ['addPart']],
      ['position', 'kept', ['addPart']],
      ['partId', 'kept', ['removePart']],
    ]);
    expectBothAccept(schema, jsonSchema, { type: 'removePart', partId: 'x' });
    expectBothAccept(schema, jsonSchema, { type: 'addPart', content: 'c', position: 2 });
    expect(jsonAccepts(jsonSchema, { partId: 'x' }).ok, 'the discriminator is required').toBe(false);
    expect(jsonAccepts(jsonSchema, { type: 'other' }).ok, 'the discriminator is an enum').toBe(false);

    const result = flat(schema).schema;
    expect(f.ownsObject(result), 'the flat object is built by the input’s own zod copy').toBe(true);
    expect(unwrapOptional(shapeOf(result).title), 'an unchanged field is the very same schema object').toBe(title);
    expect(result.safeParse({ type: 'removePart', partId: 'x' }).success).toBe(true);
  });

  it('2: a nested union is flattened only with the flag on; siblings stay the same objects', () => {
    const name = f.string();
    const schema = f.object({
      name,
      content: f.object({ parts: f.array(DU('type', ['text', { text: f.string() }], ['image', { url: f.string() }])) }),
    });
    expectUnionKeywords(adv(schema, { flattenUnionInput: false }).jsonSchema);
    const { jsonSchema, findings } = adv(schema);
    expectNoUnionKeywords(jsonSchema);
    const part = propertyAt(jsonSchema, ['content', 'parts', '*']);
    expect(part.properties.type).toMatchObject({ enum: ['text', 'image'] });
    expect(part.properties.text.description).toBe('Required if type = text');
    expect(part.properties.url.description).toBe('Required if type = image');
    expect(findings).toEqual([]);
    expectBothAccept(schema, jsonSchema, {
      name: 'n',
      content: {
        parts: [
          { type: 'text', text: 'hi' },
          { type: 'image', url: 'u' },
        ],
      },
    });

    const result = flat(schema).schema;
    expect(f.ownsObject(result)).toBe(true);
    expect(shapeOf(result).name).toBe(name);
    const untouched = f.object({ name, n: f.array(f.number()) });
    expect(flat(untouched).schema, 'no union anywhere: the input comes back as the same object').toBe(untouched);
  });

  it('3 (K1): object vs array under one key is widened to unknown with the per-variant shape hint', () => {
    const schema = DU(
      'kind',
      ['message', { media: f.optional(f.object({ id: f.string() })) }],
      ['mediaGroup', { media: f.array(f.object({ id: f.string() })) }],
    );
    const { jsonSchema, findings, merges } = adv(schema);
    const media = jsonSchema.properties.media;
    expect(media.type).toBeUndefined();
    // Exact hints (issue 12): message declares media optional, so only mediaGroup requires it.
    expect(media.description).toBe('Required if kind = mediaGroup; optional when kind = message. object when kind = message; array when kind = mediaGroup');
    expectNoUnionKeywords(jsonSchema);
    expectBothAccept(schema, jsonSchema, { kind: 'message', media: { id: '1' } });
    expectBothAccept(schema, jsonSchema, { kind: 'mediaGroup', media: [{ id: '1' }] });
    expectBothAccept(schema, jsonSchema, { kind: 'message' });

    const collisions = withCode(findings, 'collision-widened');
    expect(collisions).toHaveLength(1);
    expect(collisions[0]).toMatchObject({
      severity: 'warning',
      tool: 't',
      path: ['media'],
      key: 'media',
      discriminator: 'kind',
      variants: ['message', 'mediaGroup'],
    });
    expect(collisions[0].message).toContain('media');
    expect(collisions[0].sites).toEqual([
      { trail: [variantStep('kind', 'message', 0), keyStep('media')], anchor: 'key', variant: 'message' },
      { trail: [variantStep('kind', 'mediaGroup', 1), keyStep('media')], anchor: 'key', variant: 'mediaGroup' },
    ]);
    const merge = merges.find((m) => m.key === 'media')!;
    expect(merge).toMatchObject({ outcome: 'widened-unknown', variants: ['message', 'mediaGroup'], path: ['media'], discriminator: 'kind' });
    expect(merge.shapes).toHaveLength(2);
    expect(typeof merge.reason).toBe('string');
    const flatSchema = flat(schema).schema;
    expect(flatSchema.safeParse({ kind: 'mediaGroup', media: [{ id: '1' }] }).success).toBe(true);
    expect(flatSchema.safeParse({ kind: 'message', media: { id: '1' } }).success).toBe(true);
  });

  it('4 (K2): string enums and literals of several variants merge into one enum, first-seen order', () => {
    const schema = DU(
      'k',
      ['a', { mode: f.enum(['fast']) }],
      ['b', { mode: f.enum(['slow']) }],
      ['c', { mode: f.literal('turbo') }],
      ['d', { mode: f.enum(['fast', 'slow']) }],
    );
    const { jsonSchema, findings } = adv(schema);
    expect(jsonSchema.properties.mode).toMatchObject({ type: 'string', enum: ['fast', 'slow', 'turbo'] });
    expect(jsonSchema.properties.mode.description).toBe('Required if k = a | b | c | d');
    expectNoUnionKeywords(jsonSchema);
    const widened = withCode(findings, 'enum-widened');
    expect(widened).toHaveLength(1);
    expect(widened[0]).toMatchObject({ severity: 'information', path: ['mode'], key: 'mode', variants: ['a', 'b', 'c', 'd'] });
    expect(widened[0].sites.map((s) => s.variant)).toEqual(['a', 'b', 'c', 'd']);
    expect(withCode(findings, 'collision-widened')).toEqual([]);
    expectBothAccept(schema, jsonSchema, { k: 'b', mode: 'slow' });
    expectBothAccept(schema, jsonSchema, { k: 'c', mode: 'turbo' });
  });

  it('5 (K3): two different object shapes under one key become unknown and accept both', () => {
    const schema = DU('k', ['a', { cfg: f.object({ x: f.string() }) }], ['b', { cfg: f.object({ y: f.number() }) }]);
    const { jsonSchema, findings } = adv(schema);
    expect(jsonSchema.properties.cfg.type).toBeUndefined();
    expect(jsonSchema.properties.cfg.description).toMatch(/^Required if k = a \| b\. /);
    expect(jsonSchema.properties.cfg.description).toContain('object');
    expectBothAccept(schema, jsonSchema, { k: 'a', cfg: { x: '1' } });
    expectBothAccept(schema, jsonSchema, { k: 'b', cfg: { y: 2 } });
    expect(withCode(findings, 'collision-widened').map((c) => [c.path, c.variants])).toEqual([[['cfg'], ['a', 'b']]]);
  });

  it('5b: the unknown hint names each distinct shape by its JSON type, or `any` where it has none', () => {
    const schema = DU('k', ['a', { cfg: f.object({ x: f.string() }), v: f.unknown() }], ['b', { cfg: f.number(), v: f.string() }]);
    const { jsonSchema } = adv(schema);
    expect(jsonSchema.properties.cfg.description).toBe('Required if k = a | b. object when k = a; number when k = b');
    expect(jsonSchema.properties.v.description).toBe('Required if k = a | b. any when k = a; string when k = b');
    expectBothAccept(schema, jsonSchema, { k: 'b', cfg: 2, v: 's' });
    expectBothAccept(schema, jsonSchema, { k: 'a', cfg: { x: 's' }, v: [1] });
  });

  it('6 (K4): a default is an annotation; only a default every declaring variant shares is advertised', () => {
    const mixed = DU('k', ['a', { n: f.withDefault(f.number(), 1) }], ['b', { n: f.number() }]);
    const m = adv(mixed);
    expect(m.jsonSchema.properties.n.type).toBe('number');
    expect(m.jsonSchema.properties.n.default).toBeUndefined();
    expect(withCode(m.findings, 'collision-widened')).toEqual([]);
    expectBothAccept(mixed, m.jsonSchema, { k: 'b', n: 5 });
    expectBothAccept(mixed, m.jsonSchema, { k: 'a' });

    const shared = DU('k', ['a', { n: f.withDefault(f.number(), 1) }], ['b', { n: f.withDefault(f.number(), 1) }]);
    const s = adv(shared);
    expect(s.jsonSchema.properties.n).toMatchObject({ type: 'number', default: 1 });
    expect(s.findings).toEqual([]);
  });

  it('7 (K5): a collision inside a nested union is reported at its full path and trail', () => {
    const schema = DU('k', ['a', { inner: DU('t', ['x', { f: f.string() }], ['y', { f: f.number() }]) }], ['b', { other: f.string() }]);
    const { jsonSchema, findings } = adv(schema);
    expectNoUnionKeywords(jsonSchema);
    expect(jsonSchema.properties.inner.properties.t).toMatchObject({ enum: ['x', 'y'] });
    expect(jsonSchema.properties.inner.properties.f.type).toBeUndefined();
    const collisions = withCode(findings, 'collision-widened');
    expect(collisions).toHaveLength(1);
    expect(collisions[0]).toMatchObject({ path: ['inner', 'f'], key: 'f', discriminator: 't', variants: ['x', 'y'] });
    expect(collisions[0].sites.map((s) => s.trail)).toEqual([
      [variantStep('k', 'a', 0), keyStep('inner'), variantStep('t', 'x', 0), keyStep('f')],
      [variantStep('k', 'a', 0), keyStep('inner'), variantStep('t', 'y', 1), keyStep('f')],
    ]);
    expectBothAccept(schema, jsonSchema, { k: 'a', inner: { t: 'y', f: 3 } });
  });

  it('8: the same unchecked type in both variants stays that type, no union, no finding', () => {
    const schema = DU('k', ['a', { note: f.string() }], ['b', { note: f.string() }]);
    const { jsonSchema, findings, merges } = adv(schema);
    expect(jsonSchema.properties.note).toMatchObject({ type: 'string', description: 'Required if k = a | b' });
    expectNoUnionKeywords(jsonSchema);
    expect(findings).toEqual([]);
    expect(merges).toEqual([expect.objectContaining({ key: 'note', outcome: 'kept', variants: ['a', 'b'] })]);
  });

  it('9: a refined key colliding with a plain one is unknown and accepts the plain variant’s value', () => {
    const schema = DU('k', ['a', { v: f.refine(f.string(), (s: string) => s.startsWith('a')) }], ['b', { v: f.string() }]);
    const { jsonSchema, findings } = adv(schema);
    expect(jsonSchema.properties.v.type).toBeUndefined();
    expectBothAccept(schema, jsonSchema, { k: 'b', v: 'x' });
    expectBothAccept(schema, jsonSchema, { k: 'a', v: 'ab' });
    expect(flat(schema).schema.safeParse({ k: 'b', v: 'x' }).success).toBe(true);
    expect(withCode(findings, 'collision-widened').map((c) => c.path)).toEqual([['v']]);
  });

  it('10a: an identical checked key in several variants is kept (same checks and parameters: nothing to leak)', () => {
    const schema = DU(
      'k',
      ['a', { i: f.min(f.int(), 0), id: f.minLength(f.string(), 1) }],
      ['b', { i: f.min(f.int(), 0), id: f.minLength(f.string(), 1) }],
      ['c', { id: f.minLength(f.string(), 1) }],
    );
    const { jsonSchema, findings, merges } = adv(schema);
    expect(jsonSchema.properties.i).toMatchObject({ type: 'integer', minimum: 0 });
    expect(jsonSchema.properties.id).toMatchObject({ type: 'string', minLength: 1 });
    expect(jsonSchema.properties.i.description).toMatch(/^Required if k = a \| b/);
    expect(withCode(findings, 'collision-widened')).toEqual([]);
    expect(merges.find((m) => m.key === 'i')).toMatchObject({ outcome: 'kept' });
    expectBothAccept(schema, jsonSchema, { k: 'a', i: 3, id: 'x' });
    expect(jsonAccepts(jsonSchema, { k: 'c', id: '' }).ok, 'the kept check applies, as in every variant').toBe(false);
  });

  it('10b: one schema object shared by several variants is kept as is, checks and all', () => {
    const block = f.object({ text: f.minLength(f.string(), 1), level: f.optional(f.min(f.int(), 1)) });
    const schema = DU('k', ['text', { block }], ['code', { block }], ['item', { block }]);
    const { jsonSchema, findings } = adv(schema);
    expect(findings).toEqual([]);
    expect(jsonSchema.properties.block.type).toBe('object');
    expect(unwrapOptional(shapeOf(flat(schema).schema).block)).toBe(block);
  });

  it('10c: the same shape with different refinements is widened (deep check rule, ADR-0033 0.15.1)', () => {
    const schema = DU(
      'k',
      ['a', { i: f.refine(f.min(f.int(), 0), (n: number) => n !== 1) }],
      ['b', { i: f.refine(f.min(f.int(), 0), (n: number) => n !== 2) }],
    );
    const { jsonSchema, findings, merges } = adv(schema);
    expect(jsonSchema.properties.i.type).toBeUndefined();
    expect(jsonSchema.properties.i.description).toMatch(/^Required if k = a \| b/);
    expect(withCode(findings, 'collision-widened')).toEqual([expect.objectContaining({ path: ['i'], variants: ['a', 'b'], severity: 'warning' })]);
    expect(merges.find((m) => m.key === 'i')).toMatchObject({ outcome: 'widened-unknown' });
    expectBothAccept(schema, jsonSchema, { k: 'a', i: 2 });
    expectBothAccept(schema, jsonSchema, { k: 'b', i: 1 });
  });

  it('11: checks deep inside an object field or an array element widen the colliding key when they may differ', () => {
    const schema = DU(
      'k',
      ['a', { o: f.object({ x: f.refine(f.string(), () => true) }), p: f.array(f.refine(f.string(), () => true)) }],
      ['b', { o: f.object({ x: f.refine(f.string(), () => true) }), p: f.array(f.refine(f.string(), () => true)) }],
    );
    const { jsonSchema, findings } = adv(schema);
    expect(jsonSchema.properties.o.type).toBeUndefined();
    expect(jsonSchema.properties.p.type).toBeUndefined();
    expect(withCode(findings, 'collision-widened').map((c) => c.path)).toEqual([['o'], ['p']]);
    expectBothAccept(schema, jsonSchema, { k: 'b', o: { x: 'y' }, p: ['abc'] });
  });

  it('12: a check on a key only one variant declares is kept as is', () => {
    const v = f.minLength(f.string(), 2);
    const schema = DU('k', ['a', { v }], ['b', { w: f.number() }]);
    const { jsonSchema, findings } = adv(schema);
    expect(jsonSchema.properties.v).toMatchObject({ type: 'string', minLength: 2, description: 'Required if k = a' });
    expect(findings).toEqual([]);
    expect(unwrapOptional(shapeOf(flat(schema).schema).v)).toBe(v);
    expect(jsonAccepts(jsonSchema, { k: 'a', v: 'x' }).ok, 'the kept check still applies').toBe(false);
    expect(kindOf(flat(schema).schema)).toBe('object');
  });
});
