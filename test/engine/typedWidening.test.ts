/**
 * `collisionWidening: 'type-array'` (issue 24, item 2): what every variant's JSON can express is kept, on every zod
 * the engine reads. One shape with checks that may differ: that shape. One kind, differing bounds: the bare kind.
 * Differing kinds: a type array in a fixed order (integer folded into number beside it). Unknowable: `{}`. Each
 * advertised schema still accepts every variant's values (ajv), as the soundness property test checks at large.
 */
import { describe, expect, it } from 'vitest';
import { advertise } from '../../shared/index';
import { FLAVOURS, type Flavour, type S } from './support/flavours';
import { declaredDialectValidator } from './support/jsonSchema';

/** The advertised `value` of a tool whose two variants declare it as `a` and `b`, and the collision message. */
function widened(f: Flavour, a: S, b: S): { value: Record<string, unknown>; message: string; schema: unknown } {
  const input = f.object({
    q: f.du('kind', [f.object({ kind: f.literal('a'), value: a }), f.object({ kind: f.literal('b'), value: b })]),
  });
  const { jsonSchema, findings } = advertise({ name: 't', input }, { collisionWidening: 'type-array' });
  const value = (jsonSchema as any).properties.q.properties.value as Record<string, unknown>;
  const message = findings.find((x) => x.code === 'collision-widened')?.message ?? '';
  return { value, message, schema: jsonSchema };
}

const typeOf = (value: Record<string, unknown>) => value.type;

describe.each(FLAVOURS.map((f) => [f.name, f] as const))('type-array widening on %s', (_name, f) => {
  it('differing kinds become a type array, in a fixed order, with the values of both accepted', () => {
    const { value, message, schema } = widened(f, f.number(), f.string());
    expect(typeOf(value)).toEqual(['string', 'number']);
    expect(message).toContain('as string or number');
    const validate = declaredDialectValidator(schema as { $schema?: string }, 'draft-7');
    expect(validate({ q: { kind: 'a', value: 3 } })).toBe(true);
    expect(validate({ q: { kind: 'b', value: 'x' } })).toBe(true);
    expect(validate({ q: { kind: 'a', value: true } })).toBe(false);
  });

  it('one kind with differing bounds is its bare kind; integer beside number is number', () => {
    expect(typeOf(widened(f, f.minLength(f.string(), 3), f.string()).value)).toBe('string');
    expect(typeOf(widened(f, f.int(), f.number()).value)).toBe('number');
  });

  it('one shape whose checks may differ keeps the shape every variant declares, from a declaration without a refine', () => {
    const { value, message } = widened(
      f,
      f.refine(f.min(f.int(), 0), (v: number) => v < 10),
      f.min(f.int(), 0),
    );
    expect(value).toMatchObject({ type: 'integer', minimum: 0 });
    expect(message).toContain('as the JSON type its variants share');
  });

  it('one shape whose every declaration refines differently is its bare kind: no refine is applied to another variant', () => {
    const { value } = widened(
      f,
      f.refine(f.min(f.int(), 0), (v: number) => v < 10),
      f.refine(f.min(f.int(), 0), (v: number) => v > 20),
    );
    expect(typeOf(value)).toBe('integer');
  });

  it('a kind that cannot be known stays {} (no type)', () => {
    expect(typeOf(widened(f, f.unknown(), f.string()).value)).toBeUndefined();
  });

  it('objects and arrays among the kinds: a type array on zod 4; zod 3 cannot say it and keeps {}', () => {
    const { value } = widened(f, f.object({ x: f.string() }), f.array(f.string()));
    expect(typeOf(value)).toEqual(f.major === 4 ? ['object', 'array'] : undefined);
  });

  it('the finding names what a type array drops, per variant: bounds, patterns and enum values', () => {
    const { value, message } = widened(f, f.min(f.number(), 0), f.regex(f.minLength(f.string(), 2), /^[a-z]+$/));
    expect(typeOf(value)).toEqual(['string', 'number']);
    expect(message).toContain("It ships without variant a's minimum 0 and variant b's pattern ^[a-z]+$, minLength 2.");
    const withEnum = widened(f, f.enum(['x', 'y']), f.number()).message;
    expect(withEnum).toContain("It ships without variant a's enum 'x', 'y'.");
  });

  it('a variant that loses nothing is not named; nothing lost, nothing said', () => {
    expect(widened(f, f.max(f.number(), 9), f.string()).message).toContain("It ships without variant a's maximum 9.");
    expect(widened(f, f.number(), f.string()).message).not.toContain('without');
  });
});
