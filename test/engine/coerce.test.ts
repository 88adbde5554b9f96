/**
 * Catalogue case 30 in full (spec/flatten.md, `coerceJsonArgs`): double-serialized arguments are repaired
 * against the ORIGINAL schema at any depth, and only where the spec says; every zod flavour.
 */
import { describe, expect, it } from 'vitest';
import { coerceJsonArgs } from '../../shared/index';
import { FLAVOURS, type Flavour } from './support/flavours';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Coerce a frozen copy, so any mutation of the caller's object throws, and check the copy is unchanged after. */
function coerce(args: unknown, schema: unknown): any {
  const before = JSON.stringify(args);
  const frozen = deepFreeze(structuredClone(args));
  const out = coerceJsonArgs(frozen, schema);
  expect(JSON.stringify(frozen), 'the caller’s object is never mutated').toBe(before);
  return out;
}

describe.each(FLAVOURS.map((f) => [f.name, f] as const))('coerceJsonArgs with %s', (_name, f: Flavour) => {
  it('parses a JSON string where the schema has an array or an object', () => {
    const schema = f.object({ tags: f.array(f.string()), cfg: f.object({ x: f.number() }) });
    expect(coerce({ tags: '["a","b"]', cfg: '{"x":1}' }, schema)).toEqual({ tags: ['a', 'b'], cfg: { x: 1 } });
  });

  it('leaves a string field, and scalars, as they are', () => {
    const schema = f.object({ name: f.string(), n: f.number(), ok: f.boolean() });
    expect(coerce({ name: '["a"]', n: '1', ok: 'true' }, schema)).toEqual({ name: '["a"]', n: '1', ok: 'true' });
  });

  it('looks through optional, nullable and default', () => {
    const schema = f.object({
      o: f.optional(f.array(f.number())),
      nu: f.nullable(f.array(f.number())),
      d: f.withDefault(f.array(f.number()), []),
      both: f.optional(f.nullable(f.object({ a: f.number() }))),
    });
    expect(coerce({ o: '[1]', nu: '[2]', d: '[3]', both: '{"a":4}' }, schema)).toEqual({ o: [1], nu: [2], d: [3], both: { a: 4 } });
    expect(coerce({ nu: null }, schema)).toEqual({ nu: null });
  });

  it('leaves a string that is not JSON, and a value that is already parsed', () => {
    const schema = f.object({ tags: f.array(f.string()), cfg: f.object({ x: f.number() }) });
    expect(coerce({ tags: '[1,', cfg: 'not json' }, schema)).toEqual({ tags: '[1,', cfg: 'not json' });
    expect(coerce({ tags: ['a'], cfg: { x: 1 } }, schema)).toEqual({ tags: ['a'], cfg: { x: 1 } });
  });

  it('keeps a parsed __proto__ key as an own key, never as a prototype; constructor and prototype are ordinary keys', () => {
    const schema = f.object({ cfg: f.object({ x: f.number() }), list: f.array(f.object({ y: f.number() })) });
    const out = coerce(
      {
        cfg: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":1,"x":1}',
        list: '[{"__proto__":{"polluted":true},"y":2}]',
      },
      schema,
    );
    expect(Object.keys(out.cfg)).toEqual(['__proto__', 'constructor', 'prototype', 'x']);
    expect(Object.getOwnPropertyDescriptor(out.cfg, '__proto__')?.value).toEqual({ polluted: true });
    expect(Object.keys(out.list[0])).toEqual(['__proto__', 'y']);
    expect(Object.getPrototypeOf(out.cfg)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(out.list[0])).toBe(Object.prototype);
    expect(({} as any).polluted).toBeUndefined();
    expect(out.cfg.polluted).toBeUndefined();
  });

  it('a parsed __proto__ key meets the schema as it would unserialized: a strict object refuses it, zod never hands it on', () => {
    const strict = f.object({ cfg: f.strictObject({ x: f.number() }) });
    const sent = { cfg: '{"__proto__":{"polluted":true},"x":1}' };
    expect(strict.safeParse(coerce(sent, strict)).success).toBe(false);
    expect(strict.safeParse({ cfg: JSON.parse(sent.cfg) }).success).toBe(false);
    const loose = f.object({ cfg: f.object({ x: f.number() }) });
    const parsed = loose.safeParse(coerce(sent, loose));
    expect(parsed.success).toBe(true);
    expect(Object.prototype.hasOwnProperty.call(parsed.data.cfg, '__proto__')).toBe(false);
  });

  it('recurses into object fields (also of a parsed string), array items and unknown keys stay', () => {
    const schema = f.object({ outer: f.object({ inner: f.array(f.number()) }), items: f.array(f.object({ a: f.array(f.number()) })) });
    expect(coerce({ outer: { inner: '[1,2]' }, items: [{ a: '[1]' }, { a: [2] }], extra: '[9]' }, schema)).toEqual({
      outer: { inner: [1, 2] },
      items: [{ a: [1] }, { a: [2] }],
      extra: '[9]',
    });
    expect(coerce({ outer: '{"inner":"[3]"}', items: '[{"a":"[4]"}]' }, schema)).toEqual({ outer: { inner: [3] }, items: [{ a: [4] }] });
    expect(coerce({ grid: '[]' }, f.object({ grid: f.array(f.array(f.number())) }))).toEqual({ grid: [] });
    expect(coerce({ grid: ['[1]', [2]] }, f.object({ grid: f.array(f.array(f.number())) }))).toEqual({ grid: [[1], [2]] });
  });

  it('recurses into the variant that the discriminator selects, and no other', () => {
    const schema = f.object({
      act: f.du('k', [f.object({ k: f.literal('a'), list: f.array(f.number()) }), f.object({ k: f.literal('b'), list: f.string() })]),
    });
    expect(coerce({ act: { k: 'a', list: '[1]' } }, schema)).toEqual({ act: { k: 'a', list: [1] } });
    expect(coerce({ act: { k: 'b', list: '[1]' } }, schema)).toEqual({ act: { k: 'b', list: '[1]' } });
    expect(coerce({ act: { k: 'c', list: '[1]' } }, schema)).toEqual({ act: { k: 'c', list: '[1]' } });
    expect(coerce({ act: '{"k":"a","list":"[2]"}' }, schema)).toEqual({ act: { k: 'a', list: [2] } });
  });

  it('stops at a lazy or pipe boundary: the string there is not parsed at all', () => {
    const schema = f.object({
      l: f.lazy(() => f.array(f.number())),
      p: f.transform(f.array(f.number()), (x: number[]) => x),
      under: f.lazy(() => f.object({ a: f.array(f.number()) })),
    });
    expect(coerce({ l: '[1]', p: '[2]', under: { a: '[3]' } }, schema)).toEqual({ l: '[1]', p: '[2]', under: { a: '[3]' } });
  });

  it('parses a record, tuple or plain union, and repairs inside: record values, tuple items, the first member it fits', () => {
    const schema = f.object({
      r: f.record(f.array(f.number())),
      t: f.tuple([f.array(f.number())]),
      u: f.union([f.array(f.number()), f.object({ a: f.array(f.number()) })]),
    });
    expect(coerce({ r: '{"x":"[1]"}', t: '["[2]"]', u: '{"a":"[3]"}' }, schema)).toEqual({ r: { x: [1] }, t: [[2]], u: { a: [3] } });
    expect(coerce({ u: '[4]' }, schema)).toEqual({ u: [4] });
  });

  it('never changes a valid argument: a string valid as sent stays, where a union has a string member', () => {
    const schema = f.object({
      b: f.union([f.string(), f.object({ a: f.number() })]),
      todo: f.union([f.string(), f.record(f.string())]),
    });
    expect(coerce({ b: '[1]', todo: '{"todo":"buy milk"}' }, schema)).toEqual({ b: '[1]', todo: '{"todo":"buy milk"}' });
    // Invalid as sent and valid parsed: repaired.
    expect(coerce({ b: '{"a":1}' }, f.object({ b: f.union([f.number(), f.object({ a: f.number() })]) }))).toEqual({ b: { a: 1 } });
  });

  it('leaves a string whose parsed value is not valid there either', () => {
    const schema = f.object({ list: f.array(f.number()) });
    expect(coerce({ list: '{"a":1}' }, schema)).toEqual({ list: '{"a":1}' });
    expect(coerce({ list: '["x"]' }, schema)).toEqual({ list: '["x"]' });
  });

  it('keeps a declared key named constructor or prototype', () => {
    const schema = f.object({ cfg: f.object({ constructor: f.string(), prototype: f.array(f.number()) }) });
    expect(coerce({ cfg: '{"constructor":"c","prototype":[1]}' }, schema)).toEqual({ cfg: { constructor: 'c', prototype: [1] } });
    expect(coerce({ cfg: { constructor: 'c', prototype: '[2]' } }, schema)).toEqual({ cfg: { constructor: 'c', prototype: [2] } });
  });

  it('enters the variant of a nullable discriminator', () => {
    const schema = f.du('k', [f.object({ k: f.nullable(f.literal('a')), list: f.array(f.number()) }), f.object({ k: f.literal('b'), s: f.string() })]);
    expect(coerce({ k: 'a', list: '[1]' }, schema)).toEqual({ k: 'a', list: [1] });
    expect(coerce({ k: null, list: '[2]' }, schema)).toEqual({ k: null, list: [2] });
  });

  it('stops at an intersection: neither parsed there nor recursed into', () => {
    const schema = f.object({ i: f.intersection(f.object({ a: f.array(f.number()) }), f.object({ b: f.optional(f.string()) })) });
    expect(coerce({ i: '{"a":[1]}' }, schema)).toEqual({ i: '{"a":[1]}' });
    expect(coerce({ i: { a: '[1]' } }, schema)).toEqual({ i: { a: '[1]' } });
  });

  it('returns a new value and works at the root', () => {
    const args = { tags: '["a"]' };
    const out = coerceJsonArgs(args, f.object({ tags: f.array(f.string()) }));
    expect(out).not.toBe(args);
    expect(args).toEqual({ tags: '["a"]' });
    expect(coerceJsonArgs('["x"]', f.array(f.string()))).toEqual(['x']);
    expect(coerceJsonArgs('"1"', f.number())).toBe('"1"');
  });
});
