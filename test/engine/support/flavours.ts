/**
 * One builder interface over every zod the engine must read: zod 3 (the `zod3` alias and `zod/v3`), zod 4
 * classic, a second separate zod 4 install (`zod-copy`) and zod mini. A catalogue case is written once
 * against `Flavour` and runs for each flavour that can express it.
 */
import * as z4 from 'zod';
import * as zCopy from 'zod-copy';
import * as zMini from 'zod/mini';
import * as z3alias from 'zod3';
import * as z3sub from 'zod/v3';

// Schemas from five different zod copies share no static type; the builder is deliberately untyped.
export type S = any;

export interface Flavour {
  name: string;
  major: 3 | 4;
  mini: boolean;
  object(shape: Record<string, S>): S;
  strictObject(shape: Record<string, S>): S;
  looseObject(shape: Record<string, S>): S;
  catchall(shape: Record<string, S>, rest: S): S;
  string(): S;
  number(): S;
  int(): S;
  boolean(): S;
  unknown(): S;
  date(): S;
  /** `z.coerce.date()`: parses the string it is given. */
  coerceDate(): S;
  literal(value: string | number | boolean | string[]): S;
  enum(values: string[]): S;
  array(item: S): S;
  du(discriminator: string, variants: S[]): S;
  union(members: S[]): S;
  intersection(left: S, right: S): S;
  record(value: S): S;
  tuple(items: S[]): S;
  map(value: S): S;
  set(value: S): S;
  lazy(get: () => S): S;
  optional(s: S): S;
  nullable(s: S): S;
  withDefault(s: S, value: unknown): S;
  describe(s: S, text: string): S;
  refine(s: S, check: (v: any) => boolean): S;
  minLength(s: S, n: number): S;
  min(s: S, n: number): S;
  max(s: S, n: number): S;
  regex(s: S, re: RegExp): S;
  transform(s: S, fn: (v: any) => any): S;
  pipe(s: S, out: S): S;
  readonly(s: S): S;
  custom(): S;
  /** Multi-value literals (`z.literal(['a','b'])`) exist from zod 4 on. */
  multiLiteral: boolean;
  /** Whether an object schema was built by this flavour's own object constructor (never by another copy's). */
  ownsObject(schema: S): boolean;
  /** Whether any schema node was built by one of this flavour's own constructors. */
  ownsNode(schema: S): boolean;
}

/** The classes a zod 4 module exports: every node it builds has one of them as `_zod.constr`. */
function v4Constructors(ns: any): (s: S) => boolean {
  const ctors = new Set(Object.values(ns).filter((v) => typeof v === 'function'));
  return (s) => ctors.has(s?._zod?.constr);
}

function classic(name: string, z: any, major: 3 | 4, owns: (s: S) => boolean): Flavour {
  return {
    name,
    major,
    mini: false,
    object: (shape) => z.object(shape),
    strictObject: (shape) => z.object(shape).strict(),
    looseObject: (shape) => z.object(shape).passthrough(),
    catchall: (shape, rest) => z.object(shape).catchall(rest),
    string: () => z.string(),
    number: () => z.number(),
    int: () => z.number().int(),
    boolean: () => z.boolean(),
    unknown: () => z.unknown(),
    date: () => z.date(),
    coerceDate: () => z.coerce.date(),
    literal: (value) => z.literal(value),
    enum: (values) => z.enum(values),
    array: (item) => z.array(item),
    du: (d, variants) => z.discriminatedUnion(d, variants),
    union: (members) => z.union(members),
    intersection: (left, right) => z.intersection(left, right),
    record: (value) => z.record(z.string(), value),
    tuple: (items) => z.tuple(items),
    map: (value) => z.map(z.string(), value),
    set: (value) => z.set(value),
    lazy: (get) => z.lazy(get),
    optional: (s) => s.optional(),
    nullable: (s) => s.nullable(),
    withDefault: (s, value) => s.default(value),
    describe: (s, text) => s.describe(text),
    refine: (s, check) => s.refine(check),
    minLength: (s, n) => s.min(n),
    min: (s, n) => s.min(n),
    max: (s, n) => s.max(n),
    regex: (s, re) => s.regex(re),
    transform: (s, fn) => s.transform(fn),
    pipe: (s, out) => s.pipe(out),
    readonly: (s) => s.readonly(),
    custom: () => z.custom((v: unknown) => typeof v === 'string'),
    multiLiteral: major === 4,
    ownsObject: owns,
    ownsNode: major === 4 ? v4Constructors(z) : (s) => s instanceof z.ZodType,
  };
}

const zm: any = zMini;
const mini: Flavour = {
  name: 'zod/mini',
  major: 4,
  mini: true,
  object: (shape) => zm.object(shape),
  strictObject: (shape) => zm.strictObject(shape),
  looseObject: (shape) => zm.looseObject(shape),
  catchall: (shape, rest) => zm.catchall(zm.object(shape), rest),
  string: () => zm.string(),
  number: () => zm.number(),
  int: () => zm.int(),
  boolean: () => zm.boolean(),
  unknown: () => zm.unknown(),
  date: () => zm.date(),
  coerceDate: () => zm.coerce.date(),
  literal: (value) => zm.literal(value),
  enum: (values) => zm.enum(values),
  array: (item) => zm.array(item),
  du: (d, variants) => zm.discriminatedUnion(d, variants),
  union: (members) => zm.union(members),
  intersection: (left, right) => zm.intersection(left, right),
  record: (value) => zm.record(zm.string(), value),
  tuple: (items) => zm.tuple(items),
  map: (value) => zm.map(zm.string(), value),
  set: (value) => zm.set(value),
  lazy: (get) => zm.lazy(get),
  optional: (s) => zm.optional(s),
  nullable: (s) => zm.nullable(s),
  withDefault: (s, value) => zm._default(s, value),
  describe: (s, text) => s.check(zm.describe(text)),
  refine: (s, check) => s.check(zm.refine(check)),
  minLength: (s, n) => s.check(zm.minLength(n)),
  min: (s, n) => s.check(zm.gte(n)),
  max: (s, n) => s.check(zm.lte(n)),
  regex: (s, re) => s.check(zm.regex(re)),
  transform: (s, fn) => zm.pipe(s, zm.transform(fn)),
  pipe: (s, out) => zm.pipe(s, out),
  readonly: (s) => zm.readonly(s),
  custom: () => zm.custom((v: unknown) => typeof v === 'string'),
  multiLiteral: true,
  ownsObject: (s) => s?._zod?.constr === zm.ZodMiniObject,
  ownsNode: v4Constructors(zm),
};

const v4Owns = (ns: any) => (s: S) => s?._zod?.constr === ns.ZodObject;
const v3Owns = (ns: any) => (s: S) => s instanceof ns.ZodObject && Object.getPrototypeOf(s) === ns.ZodObject.prototype;

export const ZOD3_ALIAS = classic('zod3', (z3alias as any).z, 3, v3Owns((z3alias as any).z));
export const ZOD3_SUB = classic('zod/v3', (z3sub as any).z, 3, v3Owns((z3sub as any).z));
export const ZOD4 = classic('zod', (z4 as any).z, 4, v4Owns((z4 as any).z));
export const ZOD_COPY = classic('zod-copy', (zCopy as any).z, 4, v4Owns((zCopy as any).z));
export const ZOD_MINI = mini;

export const FLAVOURS: Flavour[] = [ZOD3_ALIAS, ZOD3_SUB, ZOD4, ZOD_COPY, ZOD_MINI];
/** The flavours with method chaining, for cases mini cannot express. */
export const CLASSIC_FLAVOURS: Flavour[] = FLAVOURS.filter((f) => !f.mini);
