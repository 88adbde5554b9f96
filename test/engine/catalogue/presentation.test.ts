/**
 * Catalogue cases 25–30 (spec/flatten.md): strictness, descriptions, key order, determinism, zod copies,
 * and the headline of coerceJsonArgs (test/engine/coerce.test.ts has it in full); every zod flavour.
 */
import { describe, expect, it } from 'vitest';
import { coerceJsonArgs } from '../../../shared/index';
import { FLAVOURS, ZOD4, ZOD_COPY, ZOD_MINI, ZOD3_ALIAS, ZOD3_SUB, type Flavour } from '../support/flavours';
import { adv, expectBothAccept, flat, kindOf, schemaNodes, shapeOf, unwrapOptional, withCode } from '../support/engine';
import { jsonAccepts } from '../support/jsonSchema';

describe.each(FLAVOURS.map((f) => [f.name, f] as const))('catalogue 25–30 with %s', (_name, f: Flavour) => {
  it('25: a strict variant is advertised as a plain object, with strictness-dropped', () => {
    const schema = f.du('k', [f.strictObject({ k: f.literal('a'), x: f.string() }), f.object({ k: f.literal('b'), y: f.string() })]);
    const { jsonSchema, findings } = adv(schema);
    if (f.major === 4) expect(jsonSchema.additionalProperties).not.toBe(false);
    const flatSchema = flat(schema).schema;
    expect(schema.safeParse({ k: 'a', x: '1', extra: true }).success, 'the original is strict').toBe(false);
    expect(flatSchema.safeParse({ k: 'a', x: '1', extra: true }).success, 'the flat object is not').toBe(true);
    const dropped = withCode(findings, 'strictness-dropped');
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatchObject({ severity: 'information', path: [], variants: ['a'] });
    expect(dropped[0].sites).toEqual([expect.objectContaining({ anchor: 'strict-call', variant: 'a' })]);
  });

  it('26: a field’s own description comes first, then the hint; the union’s description goes on the object', () => {
    const schema = f.describe(
      f.du('k', [f.object({ k: f.literal('a'), chat: f.describe(f.string(), 'Target chat') }), f.object({ k: f.literal('b') })]),
      'Send something',
    );
    const { jsonSchema } = adv(schema);
    expect(jsonSchema.properties.chat.description).toBe('Target chat Required if k = a');
    expect(jsonSchema.description).toBe('Send something');
    if (!f.mini) expect(flat(schema).schema.description).toBe('Send something');
  });

  it('27: key order is the discriminator first, then first-seen across variants', () => {
    const schema = f.du('k', [f.object({ z1: f.string(), m: f.string(), k: f.literal('a') }), f.object({ b1: f.string(), k: f.literal('b'), z1: f.string() })]);
    expect(Object.keys(adv(schema).jsonSchema.properties)).toEqual(['k', 'z1', 'm', 'b1']);
  });

  it('28: output is deterministic; reordered variants differ only where first-seen order says', () => {
    const build = (order: 'ab' | 'ba') => {
      const a = f.object({ k: f.literal('a'), x: f.string(), y: f.string(), c: f.object({ p: f.string() }) });
      const b = f.object({ k: f.literal('b'), y: f.string(), z: f.number(), c: f.array(f.string()) });
      return f.du('k', order === 'ab' ? [a, b] : [b, a]);
    };
    const one = adv(build('ab'));
    const two = adv(build('ab'));
    expect(JSON.stringify(two.jsonSchema)).toBe(JSON.stringify(one.jsonSchema));
    expect(JSON.stringify(two.findings)).toBe(JSON.stringify(one.findings));

    const swapped = adv(build('ba'));
    expect(swapped.jsonSchema.properties.k.enum).toEqual(['b', 'a']);
    expect(Object.keys(swapped.jsonSchema.properties)).toEqual(['k', 'y', 'z', 'c', 'x']);
    expect(Object.keys(one.jsonSchema.properties)).toEqual(['k', 'x', 'y', 'c', 'z']);
    expect(swapped.jsonSchema.properties.y.description).toBe('Required if k = b | a');
    expect(one.jsonSchema.properties.y.description).toBe('Required if k = a | b');
    // Same findings, with variant order (and the indices in the trails) following the new first-seen order.
    expect(swapped.findings.map((x) => [x.code, x.path, x.variants])).toEqual([['collision-widened', ['c'], ['b', 'a']]]);
    expect(one.findings.map((x) => [x.code, x.path, x.variants])).toEqual([['collision-widened', ['c'], ['a', 'b']]]);
    // Apart from order, the two advertised objects say the same thing.
    const sortLabels = (text: string) => text.replace(/= ([^.;]+)/g, (_m, labels: string) => `= ${labels.split(' | ').sort().join(' | ')}`);
    const canonicalHint = (d: string) => {
      const [hint, shapes] = d.split('. ');
      return [sortLabels(hint), ...(shapes ? shapes.split('; ').map(sortLabels).sort() : [])].join(' / ');
    };
    const canonical = (j: any) => {
      const props = Object.fromEntries(
        Object.keys(j.properties)
          .sort()
          .map((key) => {
            const p = { ...j.properties[key] };
            if (Array.isArray(p.enum)) p.enum = [...p.enum].sort();
            if (typeof p.description === 'string') p.description = canonicalHint(p.description);
            return [key, p];
          }),
      );
      return { ...j, properties: props, required: [...(j.required ?? [])].sort() };
    };
    expect(canonical(swapped.jsonSchema)).toEqual(canonical(one.jsonSchema));
  });

  it('29: the flattened schema is built by the input’s own zod copy, never another', () => {
    const schema = f.object({ keep: f.string(), act: f.du('k', [f.object({ k: f.literal('a'), x: f.string() }), f.object({ k: f.literal('b') })]) });
    const result = flat(schema).schema;
    expect(f.ownsObject(result)).toBe(true);
    expect(f.ownsObject(unwrapOptional(shapeOf(result).act))).toBe(true);
    expect(shapeOf(result).keep).toBe(shapeOf(schema).keep);
    for (const other of [ZOD4, ZOD_COPY, ZOD3_ALIAS, ZOD3_SUB, ZOD_MINI]) {
      if (other.name === f.name) continue;
      expect(other.ownsObject(result), `not built by ${other.name}`).toBe(false);
    }
    // Every node of the result, the rebuilt enum, optional and unknown wrappers included, is of the input's copy.
    const collision = f.du('k', [
      f.object({ k: f.literal('a'), v: f.string(), e: f.enum(['x']) }),
      f.object({ k: f.literal('b'), v: f.number(), e: f.enum(['y']) }),
    ]);
    const nodes = schemaNodes(flat(f.object({ c: collision })).schema);
    expect(nodes.length).toBeGreaterThan(6);
    for (const node of nodes) {
      // zod 3 offers no way to derive ZodUnknown from a node; unregistered, the engine falls back to its own
      // zod/v3 for that leaf (test/engine/registerZod.test.ts covers the registered case).
      if (f === ZOD3_ALIAS && kindOf(node) === 'unknown') continue;
      expect(f.ownsNode(node), `${kindOf(node)} node built by ${f.name}`).toBe(true);
    }
    expect(result.safeParse({ keep: 's', act: { k: 'a', x: '1' } }).success).toBe(true);
  });

  it('30: coerceJsonArgs repairs double-serialized arrays and objects against the original schema', () => {
    const schema = f.object({ tags: f.array(f.string()), cfg: f.object({ x: f.number() }), name: f.string(), n: f.number() });
    const args = { tags: '["a","b"]', cfg: '{"x":1}', name: '["not","parsed"]', n: '1' };
    const coerced = coerceJsonArgs(args, schema);
    expect(coerced).toEqual({ tags: ['a', 'b'], cfg: { x: 1 }, name: '["not","parsed"]', n: '1' });
    expect(args.tags).toBe('["a","b"]');
    expect(jsonAccepts(adv(schema).jsonSchema, coerced).ok).toBe(false);
    expectBothAccept(schema, adv(schema).jsonSchema, { ...(coerced as object), n: 1 });
  });
});
