/**
 * Promises the fuzzing of issue 16 found broken, one case each (the property test has them as dimensions):
 * a flat object as open as its most open variant, 2020-12 post-processing over schema positions only, widened
 * keys that compile inside a plain union, walk gaps reported or walked, first-seen order; every zod flavour.
 */
import { describe, expect, it } from 'vitest';
import { advertise } from '../../../shared/index';
import { FLAVOURS, type Flavour } from '../support/flavours';
import { adv, expectBothAccept, flat, shapeOf, withCode } from '../support/engine';
import { declaredDialectValidator } from '../support/jsonSchema';

describe.each(FLAVOURS.map((f) => [f.name, f] as const))('fuzz-found cases with %s', (_name, f: Flavour) => {
  it('a passthrough or catchall variant leaves the flat object open, and the finding says so', () => {
    for (const open of [(s: any) => f.looseObject(s), (s: any) => f.catchall(s, f.string())]) {
      const schema = f.du('k', [open({ k: f.literal('a'), x: f.string() }), f.object({ k: f.literal('b'), y: f.number() })]);
      const { jsonSchema, findings } = adv(schema);
      expect(jsonSchema.additionalProperties).not.toBe(false);
      expectBothAccept(schema, jsonSchema, { k: 'a', x: 's', extra: 'e' });
      const [dropped] = withCode(findings, 'strictness-dropped');
      expect(dropped.message).toMatch(/accepts extra keys for every variant/);
    }
  });

  it('a strict variant still gives a plain flat object', () => {
    const schema = f.du('k', [f.strictObject({ k: f.literal('a') }), f.object({ k: f.literal('b') })]);
    const [dropped] = withCode(adv(schema).findings, 'strictness-dropped');
    expect(dropped.message).toMatch(/does not carry/);
  });

  it('draft 2020-12: properties named like keywords stay properties, tuples in data stay data', () => {
    const schema = f.object({
      additionalItems: f.string(),
      items: f.tuple([f.string(), f.number()]),
      default: f.withDefault(f.tuple([f.string()]), ['d']),
      enum: f.enum(['x']),
    });
    const { jsonSchema } = adv(schema, { target: 'draft-2020-12' });
    expect(Object.keys(jsonSchema.properties)).toEqual(['additionalItems', 'items', 'default', 'enum']);
    expect(jsonSchema.properties.default.default).toEqual(['d']);
    expect(jsonSchema.properties.items.prefixItems).toHaveLength(2);
    const validate = declaredDialectValidator(jsonSchema, 'draft-2020-12');
    expect(validate({ additionalItems: 'a', items: ['s', 1], enum: 'x' })).toBe(true);
  });

  it('widened keys inside z.union([z.unknown(), DU]) compile: no $ref to a place the converter dropped', () => {
    const du = f.du('k', [f.object({ k: f.literal('a'), x: f.string(), y: f.string() }), f.object({ k: f.literal('b'), x: f.number(), y: f.number() })]);
    const schema = f.object({ u: f.union([f.unknown(), du]) });
    for (const target of ['draft-7', 'draft-2020-12'] as const) {
      const { jsonSchema } = adv(schema, { target });
      expect(JSON.stringify(jsonSchema)).not.toMatch(/\$ref/);
      const validate = declaredDialectValidator(jsonSchema, target);
      expect(validate({ u: { k: 'b', x: 1, y: 2 } })).toBe(true);
    }
  });

  it('a key named __proto__ stays in the flat object (zod 4 advertises it; zod-to-json-schema drops it, flat or not)', () => {
    const shape: Record<string, unknown> = { k: f.literal('a') };
    Object.defineProperty(shape, '__proto__', { value: f.string(), enumerable: true, writable: true, configurable: true });
    const schema = f.du('k', [f.object(shape), f.object({ k: f.literal('b') })]);
    const flatShape = shapeOf(flat(schema).schema);
    expect(Object.prototype.hasOwnProperty.call(flatShape, '__proto__')).toBe(true);
    const { jsonSchema } = adv(schema);
    if (f.major === 4) expect(Object.prototype.hasOwnProperty.call(jsonSchema.properties, '__proto__')).toBe(true);
  });

  it('a union inside .catchall() is reported, not silently kept', () => {
    const du = f.du('k', [f.object({ k: f.literal('a') }), f.object({ k: f.literal('b') })]);
    const schema = f.catchall({ n: f.string() }, du);
    const { findings } = adv(schema);
    const notWalked = withCode(findings, 'not-walked');
    expect(notWalked).toHaveLength(1);
    expect(notWalked[0].message).toMatch(/catchall/);
  });

  it('enum values keep first-seen order, integer-like ones too, in the schema and the message', () => {
    const schema = f.du('k', [
      f.object({ k: f.literal('b'), v: f.literal('b') }),
      f.object({ k: f.literal('2'), v: f.literal('2') }),
      f.object({ k: f.literal('1'), v: f.literal('1') }),
    ]);
    const { jsonSchema, findings } = adv(schema);
    expect(jsonSchema.properties.k.enum).toEqual(['b', '2', '1']);
    expect(jsonSchema.properties.v.enum).toEqual(['b', '2', '1']);
    expect(withCode(findings, 'enum-widened')[0].message).toMatch(/'b', '2', '1'/);
  });

  it('the same schema gives byte-identical output whatever was advertised before', () => {
    const one = () => f.du('k', [f.object({ k: f.literal('a') }), f.object({ k: f.literal('b'), s: f.string() })]);
    const first = JSON.stringify(advertise({ name: 't', input: one() }));
    advertise({ name: 'other', input: f.du('k', [f.object({ k: f.enum(['x', 'y']) }), f.object({ k: f.literal('z') })]) });
    advertise({ name: 'other', input: f.object({ e: f.enum(['p', 'q']) }) });
    expect(JSON.stringify(advertise({ name: 't', input: one() }))).toBe(first);
  });
});

describe.each(FLAVOURS.filter((f) => f.major === 4).map((f) => [f.name, f] as const))('recursion through a getter with %s', (_name, f: Flavour) => {
  it('a union that contains itself is analysed, its inner occurrence reported', () => {
    const node: any = f.du('k', [
      f.object({ k: f.literal('leaf'), v: f.string() }),
      f.object({
        k: f.literal('branch'),
        get child() {
          return f.optional(node);
        },
      }),
    ]);
    const { findings, jsonSchema } = adv(f.object({ tree: node }));
    expect(findings.map((x) => x.message).join('\n')).not.toMatch(/could not be analysed/);
    expect(jsonSchema.properties.tree.properties.k.enum).toEqual(['leaf', 'branch']);
    expect(withCode(findings, 'union-kept').some((x) => /contains itself/.test(x.message))).toBe(true);
  });
});
