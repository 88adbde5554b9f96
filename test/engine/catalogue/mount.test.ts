/**
 * Catalogue cases 18–24 (spec/flatten.md): params + input, the deep walk through plain unions and records,
 * what the walk leaves alone, and what the probe refuses; every zod flavour (case 29).
 */
import { describe, expect, it } from 'vitest';
import { probeTools } from '../../../shared/index';
import { FLAVOURS, type Flavour } from '../support/flavours';
import { adv, expectBothAccept, expectNoUnionKeywords, expectUnionKeywords, flat, kindOf, shapeOf, unionOptions, withCode } from '../support/engine';
import { jsonAccepts, keywordPaths } from '../support/jsonSchema';

describe.each(FLAVOURS.map((f) => [f.name, f] as const))('catalogue 18–24 with %s', (_name, f: Flavour) => {
  const action = () => f.du('type', [f.object({ type: f.literal('a'), x: f.string() }), f.object({ type: f.literal('b'), y: f.number() })]);

  it('18 (P2): params + a union input become one mountable object, no allOf', () => {
    const params = f.object({ botId: f.string() });
    const input = action();
    const { jsonSchema, findings, mountable } = adv(input, {}, { params });
    expect(mountable).toBe(true);
    expect(jsonSchema.type).toBe('object');
    expect(Object.keys(jsonSchema.properties).sort()).toEqual(['botId', 'type', 'x', 'y']);
    expect([...jsonSchema.required].sort()).toEqual(['botId', 'type']);
    expect(keywordPaths(jsonSchema, ['allOf', 'oneOf', 'anyOf'])).toEqual([]);
    expect(withCode(findings, 'not-mountable')).toEqual([]);
    // The call is valid for params and input separately; the one advertised object accepts it whole.
    expect(params.safeParse({ botId: '1' }).success && input.safeParse({ type: 'a', x: 's' }).success).toBe(true);
    expect(jsonAccepts(jsonSchema, { botId: '1', type: 'a', x: 's' }).ok).toBe(true);
    expect(jsonAccepts(jsonSchema, { type: 'a', x: 's' }).ok, 'botId stays required').toBe(false);

    // Without flattening the two cannot be one object: an allOf, which MCP cannot mount.
    const off = adv(input, { flattenUnionInput: false }, { params });
    expect(off.mountable).toBe(false);
    expect(withCode(off.findings, 'not-mountable').length).toBeGreaterThan(0);
  });

  it("19 (P2'): a key in both params and input is not mountable, naming the key; extend likewise", () => {
    const r = adv(f.object({ id: f.string(), q: f.string() }), {}, { params: f.object({ id: f.string() }) });
    expect(r.mountable).toBe(false);
    const refused = withCode(r.findings, 'not-mountable');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ severity: 'error', tool: 't' });
    expect(refused[0].message).toMatch(/\bid\b/);

    const e = adv(f.object({ q: f.string() }), {}, { extend: f.object({ q: f.number() }) });
    expect(e.mountable).toBe(false);
    expect(withCode(e.findings, 'not-mountable')[0].message).toMatch(/\bq\b/);

    const probed = probeTools([{ name: 't', input: f.object({ id: f.string() }), params: f.object({ id: f.string() }) }], {});
    expect(probed.map((p) => [p.code, p.tool])).toEqual([['not-mountable', 't']]);
    expect(probed[0].message).toMatch(/\bid\b/);
  });

  it('20 (P5): a plain union stays a union; its discriminated member becomes an object', () => {
    const str = f.string();
    const union = f.union([str, action()]);
    const result = flat(union).schema;
    expect(kindOf(result)).toBe('union');
    expect(unionOptions(result)[0]).toBe(str);
    expect(kindOf(unionOptions(result)[1])).toBe('object');
    expect(f.ownsObject(unionOptions(result)[1])).toBe(true);

    const { jsonSchema, findings } = adv(f.object({ v: union }));
    const v = jsonSchema.properties.v;
    expect(v.anyOf).toHaveLength(2);
    expect(v.anyOf[1].properties.type).toMatchObject({ enum: ['a', 'b'] });
    expect(keywordPaths(v.anyOf[1], ['oneOf', 'anyOf'])).toEqual([]);
    expect(withCode(findings, 'union-kept')).toEqual([expect.objectContaining({ path: ['v'], severity: 'information' })]);
    expectBothAccept(f.object({ v: union }), jsonSchema, { v: { type: 'b', y: 1 } });
  });

  it("21 (P5'): a union under a record value is flattened, no oneOf anywhere", () => {
    const schema = f.object({ m: f.record(action()) });
    const { jsonSchema, findings } = adv(schema);
    expectNoUnionKeywords(jsonSchema);
    expect(findings).toEqual([]);
    expectBothAccept(schema, jsonSchema, { m: { one: { type: 'a', x: 's' }, two: { type: 'b', y: 2 } } });
    const result = flat(schema).schema;
    expect(result).not.toBe(schema);
  });

  it('22: a union inside tuple, lazy, map, set or readonly is not walked and keeps its oneOf', () => {
    const members = {
      t: f.tuple([action()]),
      l: f.lazy(() => action()),
      m: f.map(action()),
      s: f.set(action()),
      r: f.readonly(action()),
    };
    const schema = f.object(members);
    const result = flat(schema);
    for (const [key, member] of Object.entries(members)) {
      expect(shapeOf(result.schema)[key], `${key} is returned untouched`).toBe(member);
    }
    const notWalked = withCode(result.findings, 'not-walked');
    expect(notWalked.map((n) => n.path[0]).sort()).toEqual(['l', 'm', 'r', 's', 't']);
    for (const n of notWalked) expect(n.severity).toBe('warning');

    const { jsonSchema } = adv(schema);
    for (const key of ['t', 'l', 'r']) expectUnionKeywords(jsonSchema.properties[key]);
  });

  it('22b: a union behind a transform (a pipe, a preprocess) is walked on the side that ships, and flattened', () => {
    const member = f.transform(action(), (x: unknown) => x);
    const schema = f.object({ p: member });
    const result = flat(schema);
    expect(shapeOf(result.schema).p).not.toBe(member);
    expect(withCode(result.findings, 'not-walked')).toEqual([]);
    const { jsonSchema } = adv(schema);
    expect(JSON.stringify(jsonSchema.properties.p)).not.toMatch(/"(oneOf|anyOf)"/);
  });

  it('23: a root plain union or a scalar input is not mountable', () => {
    const rootUnion = adv(f.union([f.object({ a: f.string() }), f.object({ b: f.string() })]));
    expect(rootUnion.mountable).toBe(false);
    expect(withCode(rootUnion.findings, 'not-mountable')).toHaveLength(1);
    expect(withCode(rootUnion.findings, 'not-mountable')[0]).toMatchObject({ severity: 'error', tool: 't', path: [] });

    const scalar = adv(f.string());
    expect(scalar.mountable).toBe(false);
    expect(withCode(scalar.findings, 'not-mountable')).toHaveLength(1);

    const keptRoot = adv(f.du('k', [f.object({ k: f.literal(1) }), f.object({ k: f.literal(2) })]));
    expect(keptRoot.mountable).toBe(false);
    expect(withCode(keptRoot.findings, 'union-kept')).toHaveLength(1);
    expect(withCode(keptRoot.findings, 'not-mountable')).toHaveLength(1);

    const asWritten = adv(action(), { flattenUnionInput: false });
    expect(asWritten.mountable).toBe(false);
    expect(adv(action()).mountable).toBe(true);
  });

  it('24: z.date() anywhere in the advertised input is not mountable on zod 4; zod 3 ships it, and zod rejects the string sent', () => {
    const schema = f.object({ when: f.date(), a: f.object({ b: f.array(f.date()) }), ok: f.string() });
    const r = adv(schema);
    expect(r.jsonSchema.properties.ok).toMatchObject({ type: 'string' });
    const probed = probeTools([{ name: 't', input: schema }], {});
    if (f.major === 4) {
      // zod 4's toJSONSchema throws on a Date: the tool cannot be listed.
      expect(r.mountable).toBe(false);
      const refused = withCode(r.findings, 'not-mountable');
      expect(refused.map((x) => x.path)).toEqual([['when'], ['a', 'b', '*']]);
      for (const x of refused) expect(x).toMatchObject({ severity: 'error', tool: 't' });
      expect(withCode(r.findings, 'validation-rejects')).toEqual([]);
      expect(probed.map((x) => x.path)).toEqual([['when'], ['a', 'b', '*']]);
      return;
    }
    // zod-to-json-schema ships a date-time string, so the tool mounts; z.date() then rejects that string.
    expect(r.mountable).toBe(true);
    expect(r.jsonSchema.properties.when).toEqual({ type: 'string', format: 'date-time' });
    expect(withCode(r.findings, 'not-mountable')).toEqual([]);
    const rejected = withCode(r.findings, 'validation-rejects');
    expect(rejected.map((x) => [x.path, x.severity, x.sites[0].anchor])).toEqual([
      [['when'], 'error', 'node'],
      [['a', 'b', '*'], 'error', 'node'],
    ]);
    expect(rejected[0].message).toBe(
      "Tool t: `when` is a z.date(), and a model's arguments are JSON, which has no Date: it sends a date-time string there, which z.date() rejects, so every call that sets `when` fails validation; use z.coerce.date() (it parses the string) or z.string().datetime().",
    );
    expect(schema.safeParse({ when: '2026-12-01T00:00:00Z', a: { b: [] }, ok: 'x' }).success, 'z.date() rejects the string').toBe(false);
    expect(probed, 'the probe reports only what cannot mount').toEqual([]);
  });

  it('24b: z.coerce.date() accepts the string a model sends: on zod 3 no finding at all', () => {
    const schema = f.object({ since: f.optional(f.coerceDate()) });
    const r = adv(schema);
    expect(schema.safeParse({ since: '2026-12-01T00:00:00Z' }).success).toBe(true);
    expect(withCode(r.findings, 'validation-rejects')).toEqual([]);
    expect(r.mountable).toBe(f.major === 3);
  });
});
