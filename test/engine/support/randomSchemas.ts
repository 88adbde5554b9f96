/**
 * Random discriminated unions for the soundness property: a plain-data spec is generated first, then turned
 * into a zod schema by a flavour and, alongside it, into a generator of values built from the variants.
 */
import fc from 'fast-check';
import type { Flavour, S } from './flavours';

export const KEY_POOL = ['a', 'b', 'c', 'd'];
/** Property names that are JSON Schema keywords: a post-processing that reads names as keywords breaks on them. */
export const KEYWORD_KEYS = ['additionalItems', 'default', 'enum', 'const', 'examples', 'items', 'type', 'properties'];
/** A key no variant declares, sent only to open (passthrough/catchall/loose) variants. */
export const EXTRA_KEY = 'extra_key';
const WORDS = ['x', 'y', 'z', 'aa'];
/** Strings a model sends that look like JSON: valid as strings where a union has a string member. */
const JSON_LOOKING = ['[1]', '{"a":"x"}', '[]', '{}', '{"todo":"buy milk"}'];

export type FieldSpec = (
  | { t: 'string'; min?: number; regex?: boolean; refine?: boolean }
  | { t: 'number'; int?: boolean; min?: number }
  | { t: 'boolean' }
  | { t: 'literal'; v: string }
  | { t: 'enum'; vs: string[] }
  | { t: 'object'; fields: Record<string, FieldSpec> }
  | { t: 'array'; item: FieldSpec }
  | { t: 'unknown' }
  | { t: 'tuple'; items: FieldSpec[] }
  | { t: 'record'; value: FieldSpec }
  | { t: 'union'; members: FieldSpec[] }
  | DuSpec
) & { optional?: boolean; nullable?: boolean; withDefault?: boolean };

export interface DuSpec {
  t: 'du';
  disc: string;
  variants: Array<{
    labels: string[];
    as: 'literal' | 'enum' | 'multi';
    fields: Record<string, FieldSpec>;
    /** How the variant object treats unknown keys (zod 3 passthrough/catchall, zod 4 loose/catchall). */
    mode?: 'strip' | 'strict' | 'passthrough' | 'catchall';
    /** The discriminator accepts null too (only ever on the first variant: zod refuses a duplicate null). */
    nullableDisc?: boolean;
  }>;
}

const scalar: fc.Arbitrary<FieldSpec> = fc.oneof(
  fc.record({
    t: fc.constant('string' as const),
    min: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
    regex: fc.boolean(),
    refine: fc.boolean(),
  }),
  fc.record({ t: fc.constant('number' as const), int: fc.boolean(), min: fc.option(fc.integer({ min: -5, max: 5 }), { nil: undefined }) }),
  fc.constant({ t: 'boolean' as const }),
  fc.record({ t: fc.constant('literal' as const), v: fc.constantFrom(...WORDS) }),
  fc.record({ t: fc.constant('enum' as const), vs: fc.uniqueArray(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }) }),
);

const chance = (percent: number) => fc.integer({ min: 0, max: 99 }).map((n) => n < percent);
// Wrappers are frequent enough to matter, rare enough that plain collisions (enum merges above all) still occur.
const wrappers = fc.record({ optional: chance(30), nullable: chance(15), withDefault: chance(15) });

const keyArb = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...KEY_POOL) }, { weight: 1, arbitrary: fc.constantFrom(...KEYWORD_KEYS) });

function fieldsArb(depth: number, fuzz: boolean) {
  return fc.dictionary(fuzz ? keyArb : fc.constantFrom(...KEY_POOL), fieldArb(depth, fuzz), { maxKeys: 3 });
}

const modeArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant('strip' as const) },
  { weight: 1, arbitrary: fc.constant('strict' as const) },
  { weight: 2, arbitrary: fc.constant('passthrough' as const) },
  { weight: 2, arbitrary: fc.constant('catchall' as const) },
);

/**
 * Random discriminated unions. `fuzz` adds the dimensions of issue 16 (open and strict variants, keyword-named
 * keys, nullable discriminators, plain unions, tuples and records inside): the soundness property and
 * bench/fuzz.mjs use them; suites about other promises (the runtime's, the local conversions) keep the plain ones.
 */
export function duArb(depth: number, fuzz = false): fc.Arbitrary<DuSpec> {
  return fc
    .record({
      disc: fc.constantFrom('k', 'type'),
      variants: fc.array(
        fc.record({
          as: fc.constantFrom('literal' as const, 'enum' as const, 'multi' as const),
          fields: fieldsArb(depth, fuzz),
          mode: fuzz ? modeArb : fc.constant('strip' as const),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      nullableDisc: fuzz ? chance(4) : fc.constant(false),
    })
    .map(({ disc, variants, nullableDisc }) => ({
      t: 'du' as const,
      disc,
      // A field named like the discriminator would replace it (a keyword-named key can be `type`).
      variants: variants.map((v, i) => ({
        ...v,
        fields: Object.fromEntries(Object.entries(v.fields).filter(([k]) => k !== disc)),
        labels: v.as === 'literal' ? [`v${i}`] : [`v${i}`, `w${i}`],
        nullableDisc: nullableDisc && i === 0,
      })),
    }));
}

export function fieldArb(depth: number, fuzz = false): fc.Arbitrary<FieldSpec> {
  if (depth <= 0) return fc.tuple(scalar, wrappers).map(([spec, w]) => ({ ...spec, ...w }));
  const plain = [
    { weight: 5, arbitrary: scalar },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('object' as const), fields: fieldsArb(depth - 1, fuzz) }) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('array' as const), item: fieldArb(depth - 1, fuzz) }) },
    { weight: 1, arbitrary: duArb(depth - 1, fuzz) },
  ] as Array<fc.WeightedArbitrary<FieldSpec>>;
  const extra = [
    { weight: 1, arbitrary: unionArb(depth - 1) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('tuple' as const), items: fc.array(fieldArb(depth - 1, fuzz), { minLength: 1, maxLength: 2 }) }) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('record' as const), value: fieldArb(depth - 1, fuzz) }) },
  ] as Array<fc.WeightedArbitrary<FieldSpec>>;
  const base: fc.Arbitrary<FieldSpec> = fc.oneof(...plain, ...(fuzz ? extra : []));
  return fc.tuple(base, wrappers).map(([spec, w]) => ({ ...spec, ...w }));
}

/**
 * Plain unions: a string member beside a structure (the coerce must leave a valid string alone), or
 * `unknown` beside a discriminated union (widened keys inside a plain union).
 */
function unionArb(depth: number): fc.Arbitrary<FieldSpec> {
  return fc.oneof(
    fc
      .tuple(fieldArb(depth, true), fc.boolean())
      .map(([other, first]) => ({ t: 'union' as const, members: first ? [{ t: 'string' as const }, other] : [other, { t: 'string' as const }] })),
    duArb(depth, true).map((du) => ({ t: 'union' as const, members: [{ t: 'unknown' as const }, du] })),
    fc.array(fieldArb(depth, true), { minLength: 2, maxLength: 3 }).map((members) => ({ t: 'union' as const, members })),
  );
}

/** Only scalars whose default is valid under zod 3 and 4 alike carry `.default()`. */
function defaultFor(spec: FieldSpec): { ok: true; value: unknown } | { ok: false } {
  switch (spec.t) {
    case 'boolean':
      return { ok: true, value: false };
    case 'literal':
      return { ok: true, value: spec.v };
    case 'enum':
      return { ok: true, value: spec.vs[0] };
    case 'number':
      return spec.min === undefined ? { ok: true, value: 0 } : { ok: false };
    default:
      return { ok: false };
  }
}

export function buildSchema(f: Flavour, spec: FieldSpec): S {
  let s = buildBare(f, spec);
  const d = spec.withDefault ? defaultFor(spec) : { ok: false as const };
  if (spec.nullable) s = f.nullable(s);
  if (d.ok) s = f.withDefault(s, d.value);
  else if (spec.optional) s = f.optional(s);
  return s;
}

function buildBare(f: Flavour, spec: FieldSpec): S {
  switch (spec.t) {
    case 'string': {
      let s = f.string();
      if (spec.min !== undefined) s = f.minLength(s, spec.min);
      if (spec.regex) s = f.regex(s, /a/);
      if (spec.refine) s = f.refine(s, (v: string) => v.length !== 2);
      return s;
    }
    case 'number': {
      let s = spec.int ? f.int() : f.number();
      if (spec.min !== undefined) s = f.min(s, spec.min);
      return s;
    }
    case 'boolean':
      return f.boolean();
    case 'literal':
      return f.literal(spec.v);
    case 'enum':
      return f.enum(spec.vs);
    case 'object':
      return f.object(Object.fromEntries(Object.entries(spec.fields).map(([k, v]) => [k, buildSchema(f, v)])));
    case 'array':
      return f.array(buildSchema(f, spec.item));
    case 'unknown':
      return f.unknown();
    case 'tuple':
      return f.tuple(spec.items.map((i) => buildSchema(f, i)));
    case 'record':
      return f.record(buildSchema(f, spec.value));
    case 'union':
      return f.union(spec.members.map((m) => buildSchema(f, m)));
    case 'du':
      return f.du(
        spec.disc,
        spec.variants.map((v) => {
          let disc = v.as === 'literal' ? f.literal(v.labels[0]) : v.as === 'multi' && f.multiLiteral ? f.literal(v.labels) : f.enum(v.labels);
          if (v.nullableDisc) disc = f.nullable(disc);
          const shape = { [spec.disc]: disc, ...Object.fromEntries(Object.entries(v.fields).map(([k, fs]) => [k, buildSchema(f, fs)])) };
          switch (v.mode) {
            case 'strict':
              return f.strictObject(shape);
            case 'passthrough':
              return f.looseObject(shape);
            case 'catchall':
              return f.catchall(shape, f.string());
            default:
              return f.object(shape);
          }
        }),
      );
  }
}

const ABSENT = Symbol('absent');

function objectValue(fields: Record<string, FieldSpec>, fixed: Record<string, fc.Arbitrary<unknown>> = {}): fc.Arbitrary<Record<string, unknown>> {
  const parts: Record<string, fc.Arbitrary<unknown>> = { ...fixed };
  for (const [k, spec] of Object.entries(fields)) parts[k] = valueArb(spec);
  return fc.record(parts).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== ABSENT)));
}

/** Values shaped like the spec; most pass the schema, the caller keeps only those `safeParse` accepts. */
export function valueArb(spec: FieldSpec): fc.Arbitrary<unknown> {
  let arb = bareValueArb(spec);
  if (spec.nullable) arb = fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: arb });
  if (spec.optional || (spec.withDefault && defaultFor(spec).ok)) arb = fc.oneof({ weight: 1, arbitrary: fc.constant(ABSENT) }, { weight: 4, arbitrary: arb });
  return arb;
}

function bareValueArb(spec: FieldSpec): fc.Arbitrary<unknown> {
  switch (spec.t) {
    case 'string':
      return fc.oneof({ weight: 5, arbitrary: fc.string({ maxLength: 5 }) }, { weight: 1, arbitrary: fc.constantFrom(...JSON_LOOKING) }).map((s) => {
        let v = spec.regex && !s.includes('a') ? `a${s}` : s;
        while (spec.min !== undefined && v.length < spec.min) v += 'a';
        return v;
      });
    case 'number':
      return spec.int
        ? fc.integer({ min: spec.min ?? -100, max: 100 })
        : // Tool arguments arrive as JSON, which has no -0 (a JSON round trip, as the repair does, yields 0).
          fc.double({ min: spec.min ?? -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constant(spec.v);
    case 'enum':
      return fc.constantFrom(...spec.vs);
    case 'object':
      return objectValue(spec.fields);
    case 'array':
      return fc.array(valueArb(spec.item), { maxLength: 3 }).map((items) => items.filter((i) => i !== ABSENT));
    case 'unknown':
      return fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null), fc.constant({ q: 1 }), fc.constant([1]));
    case 'tuple':
      return fc.tuple(...spec.items.map((i) => valueArb(i))).map((items) => items.map((i) => (i === ABSENT ? null : i)));
    case 'record':
      return fc
        .dictionary(fc.constantFrom('p', 'q', ...KEYWORD_KEYS), valueArb(spec.value), { maxKeys: 2 })
        .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== ABSENT)));
    case 'union':
      return fc.oneof(...spec.members.map((m) => valueArb(m))).filter((v) => v !== ABSENT);
    case 'du':
      return fc.oneof(
        ...spec.variants.map((v) => {
          const fixed: Record<string, fc.Arbitrary<unknown>> = {
            [spec.disc]: v.nullableDisc ? fc.constantFrom(...v.labels, null) : fc.constantFrom(...v.labels),
          };
          // Only a key no variant declares: a key another variant declares is typed by that declaration in the
          // flat object (the invariant is a superset modulo keys a variant strips or passes through untyped).
          if (v.mode === 'passthrough' || v.mode === 'catchall') fixed[EXTRA_KEY] = fc.oneof(fc.constant(ABSENT), fc.string({ maxLength: 3 }));
          return objectValue(v.fields, fixed);
        }),
      );
  }
}

/** Whether the spec holds something that legitimately keeps a oneOf/anyOf: a plain union, a nullable discriminator, a tuple or record hiding a union. */
export function keepsUnions(spec: FieldSpec): boolean {
  switch (spec.t) {
    case 'union':
      return true;
    case 'object':
      return Object.values(spec.fields).some(keepsUnions);
    case 'array':
      return keepsUnions(spec.item);
    case 'tuple':
      return spec.items.some((i) => i.t === 'du' || keepsUnions(i));
    case 'record':
      return keepsUnions(spec.value);
    case 'du':
      return spec.variants.some((v) => v.nullableDisc || Object.values(v.fields).some(keepsUnions));
    default:
      return false;
  }
}

/**
 * The value as a model that double-serializes might send it: some objects and arrays (at any depth the
 * coercion walks: object fields, array items, the selected variant) replaced by their JSON text.
 */
export function serializeSomewhere(spec: FieldSpec, value: unknown, rnd: () => number): unknown {
  if (value === null || typeof value !== 'object') return value;
  // Only where the repair applies: a structure the schema expects (not unknown, nor a plain union, where a string may be valid as it is).
  if (!['array', 'object', 'du', 'record', 'tuple'].includes(spec.t)) return value;
  let inner: unknown = value;
  if (spec.t === 'array' && Array.isArray(value)) inner = value.map((item) => serializeSomewhere(spec.item, item, rnd));
  else if (spec.t === 'object') inner = mapFields(spec.fields, value as Record<string, unknown>, rnd);
  else if (spec.t === 'du') {
    const label = (value as Record<string, unknown>)[spec.disc];
    const variant = spec.variants.find((v) => v.labels.includes(label as string));
    if (variant) inner = mapFields(variant.fields, value as Record<string, unknown>, rnd);
  }
  return rnd() < 0.4 ? JSON.stringify(inner) : inner;
}

function mapFields(fields: Record<string, FieldSpec>, value: Record<string, unknown>, rnd: () => number) {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fields[k] ? serializeSomewhere(fields[k], v, rnd) : v]));
}
