/**
 * Issue 12, "the flat schema tells the model the truth": identical declarations kept (catalogue 10a-10c in
 * merge.test.ts), typed widening on request, exact hints, every description kept, messages that say what
 * differs; every zod flavour.
 */
import { describe, expect, it } from 'vitest';
import { FLAVOURS, type Flavour } from '../support/flavours';
import { adv, expectBothAccept, withCode } from '../support/engine';

describe.each(FLAVOURS.map((f) => [f.name, f] as const))('truthful flattening with %s', (_name, f: Flavour) => {
  const DU = (...variants: Array<[string, Record<string, any>]>) =>
    f.du(
      'kind',
      variants.map(([label, fields]) => f.object({ kind: f.literal(label), ...fields })),
    );

  it('collisionWidening base-type: one JSON type, different constraints → that bare type, and the finding says so', () => {
    const schema = DU(['shared', { name: f.minLength(f.string(), 1), n: f.min(f.number(), 0) }], ['personal', { name: f.string(), n: f.number() }]);
    const unknown = adv(schema);
    expect(unknown.jsonSchema.properties.name.type).toBeUndefined();
    const typed = adv(schema, { collisionWidening: 'base-type' });
    expect(typed.jsonSchema.properties.name).toMatchObject({ type: 'string' });
    expect(typed.jsonSchema.properties.name.minLength).toBeUndefined();
    expect(typed.jsonSchema.properties.n).toMatchObject({ type: 'number' });
    const [finding] = withCode(typed.findings, 'collision-widened');
    expect(finding.message).toMatch(/sees `name` as a bare string/);
    expect(typed.merges.find((m) => m.key === 'name')).toMatchObject({ outcome: 'widened-base-type' });
    expectBothAccept(schema, typed.jsonSchema, { kind: 'shared', name: 'x', n: 1 });
    expectBothAccept(schema, typed.jsonSchema, { kind: 'personal', name: '', n: -1 });
  });

  it('collisionWidening base-type: different JSON types still widen to unknown', () => {
    const schema = DU(['a', { v: f.string() }], ['b', { v: f.number() }]);
    const { jsonSchema, findings } = adv(schema, { collisionWidening: 'base-type' });
    expect(jsonSchema.properties.v.type).toBeUndefined();
    expect(withCode(findings, 'collision-widened')[0].message).toMatch(/as unknown/);
  });

  it('Required if names only the variants that require the key; optional ones are named as such', () => {
    const schema = DU(['a', { x: f.string() }], ['b', { x: f.string() }], ['c', { x: f.optional(f.string()) }], ['d', { y: f.optional(f.number()) }]);
    const { jsonSchema } = adv(schema);
    expect(jsonSchema.properties.x.description).toBe('Required if kind = a | b; optional when kind = c');
    expect(jsonSchema.properties.y.description).toBe('Optional when kind = d');
  });

  it('every variant’s description of a key survives; identical ones appear once', () => {
    const schema = DU(
      ['shared', { name: f.describe(f.string(), 'The current name'), note: f.describe(f.string(), 'A note') }],
      ['personal', { name: f.describe(f.string(), 'The new name'), note: f.describe(f.string(), 'A note') }],
    );
    const { jsonSchema } = adv(schema);
    expect(jsonSchema.properties.name.description).toBe('kind = shared: The current name; kind = personal: The new name Required if kind = shared | personal');
    expect(jsonSchema.properties.note.description).toBe('A note Required if kind = shared | personal');
  });

  it('the discriminator carries its own descriptions and each variant’s description', () => {
    const schema = f.du('kind', [
      f.describe(f.object({ kind: f.describe(f.literal('create'), 'What to do') }), 'Create a page'),
      f.describe(f.object({ kind: f.describe(f.literal('delete'), 'What to do') }), 'Delete a page'),
    ]);
    const { jsonSchema } = adv(schema);
    expect(jsonSchema.properties.kind.description).toBe('What to do. kind = create: Create a page; kind = delete: Delete a page');
  });

  it('messages say what differs: a constraint one variant has and another lacks, or different values', () => {
    const schema = DU(['shared', { name: f.minLength(f.string(), 1), cols: f.max(f.int(), 6) }], ['personal', { name: f.string(), cols: f.max(f.int(), 12) }]);
    const messages = withCode(adv(schema).findings, 'collision-widened').map((x) => x.message);
    expect(messages[0]).toContain(
      'the model sees `name` as unknown; rename it in one variant. It is a string in both, but variant shared requires minLength 1 and personal does not.',
    );
    expect(messages[1]).toMatch(/It is an integer in both, but maximum: 6 in shared, 12 in personal/);
  });
});
