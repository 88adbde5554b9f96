/**
 * The walk table of spec/flatten.md ("The walk"), row by row where the numbered catalogue leaves a row
 * implicit: wrappers are re-applied (with their default value), intersections are walked on both sides,
 * rebuilt nodes keep their description, untouched subtrees are the very same objects; every zod flavour.
 */
import { describe, expect, it } from 'vitest';
import { FLAVOURS, type Flavour } from '../support/flavours';
import { adv, expectBothAccept, expectNoUnionKeywords, flat, kindOf, shapeOf } from '../support/engine';
import { jsonAccepts } from '../support/jsonSchema';

describe.each(FLAVOURS.map((f) => [f.name, f] as const))('the walk with %s', (_name, f: Flavour) => {
  const action = () => f.du('k', [f.object({ k: f.literal('a'), x: f.string() }), f.object({ k: f.literal('b'), y: f.number() })]);

  it('re-applies optional, nullable and default around a flattened union', () => {
    const fallback = { k: 'a', x: 'default' };
    const schema = f.object({
      o: f.optional(action()),
      n: f.nullable(action()),
      d: f.withDefault(action(), fallback),
    });
    const result = flat(schema).schema;
    const shape = shapeOf(result);
    expect(kindOf(shape.o)).toBe('optional');
    expect(kindOf(shape.n)).toBe('nullable');
    expect(kindOf(shape.d)).toBe('default');
    expect(result.safeParse({ n: null }).success).toBe(true);
    const parsed = result.safeParse({ n: null });
    expect(parsed.data.d).toEqual(fallback);
    expect(parsed.data.o).toBeUndefined();

    const { jsonSchema } = adv(schema);
    expect(jsonSchema.required ?? []).toEqual(['n']);
    expect(jsonSchema.properties.o.properties.k.enum).toEqual(['a', 'b']);
    expect(JSON.stringify(jsonSchema.properties.d)).toContain('"default"');
    expect(JSON.stringify(jsonSchema.properties.n)).toContain('"null"');
    expectBothAccept(schema, jsonSchema, { n: null });
    expectBothAccept(schema, jsonSchema, { o: { k: 'b', y: 1 }, n: { k: 'a', x: 's' }, d: { k: 'b', y: 2 } });
  });

  it('walks both sides of an intersection', () => {
    const schema = f.object({ both: f.intersection(f.object({ left: action() }), f.object({ right: action() })) });
    const { jsonSchema } = adv(schema);
    expectNoUnionKeywords(jsonSchema);
    expectBothAccept(schema, jsonSchema, { both: { left: { k: 'a', x: 's' }, right: { k: 'b', y: 1 } } });
  });

  it('keeps the description of a rebuilt object, array and wrapper', () => {
    const schema = f.object({
      list: f.describe(f.array(action()), 'The actions'),
      box: f.describe(f.object({ act: action() }), 'A box'),
    });
    const { jsonSchema } = adv(schema);
    expect(jsonSchema.properties.list.description).toBe('The actions');
    expect(jsonSchema.properties.box.description).toBe('A box');
    expectNoUnionKeywords(jsonSchema);
  });

  it('returns untouched siblings, and inputs without any union, as the very same objects', () => {
    const checked = f.refine(f.minLength(f.string(), 2), (s: string) => s !== 'no');
    const deep = f.object({ tags: f.array(f.object({ id: f.string() })), rec: f.record(f.number()) });
    const schema = f.object({ checked, deep, act: action() });
    const shape = shapeOf(flat(schema).schema);
    expect(shape.checked).toBe(checked);
    expect(shape.deep).toBe(deep);
    expect(flat(deep).schema).toBe(deep);
    expect(flat(deep).findings).toEqual([]);
    const { jsonSchema } = adv(schema);
    expect(jsonAccepts(jsonSchema, { checked: 'x', deep: { tags: [], rec: {} }, act: { k: 'a', x: '' } }).ok, 'the check survives').toBe(false);
  });
});
