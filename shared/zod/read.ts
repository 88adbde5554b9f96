/**
 * Reading a zod node of any copy and major version through one small view. Kinds come only from zod's own
 * internal tags (v3: `_def.typeName`, v4: `_zod.def.type`), never from `instanceof` against our copy, so a
 * schema built by the workspace's zod, a second copy, zod 3, zod 4 classic or zod 4 mini reads the same.
 */

export type Flavour = 'v3' | 'v4';

export type ZodKind =
  | 'object'
  | 'array'
  | 'optional'
  | 'nullable'
  | 'default'
  | 'union'
  | 'discriminated-union'
  | 'intersection'
  | 'record'
  | 'tuple'
  | 'map'
  | 'set'
  | 'lazy'
  | 'pipe'
  | 'transform'
  | 'effects'
  | 'readonly'
  | 'catch'
  | 'promise'
  | 'branded'
  | 'nonoptional'
  | 'prefault'
  | 'literal'
  | 'enum'
  | 'string'
  | 'number'
  | 'boolean'
  | 'bigint'
  | 'date'
  | 'symbol'
  | 'undefined'
  | 'null'
  | 'void'
  | 'nan'
  | 'any'
  | 'unknown'
  | 'never'
  | 'custom'
  | 'function'
  | 'file'
  | 'template-literal'
  | 'other';

/**
 * A zod schema of unknown origin (any copy, any major): opaque outside `shared/zod/`, which alone reads its
 * internals; everything else asks this module's functions.
 */
export type AnyZod = unknown;

/** zod's internals as this module reads them: untyped by nature (a schema of any copy and major version). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Internals = any;

export interface ZodNode {
  flavour: Flavour;
  kind: ZodKind;
  raw: AnyZod;
  /** The node's definition object (v3 `_def`, v4 `_zod.def`): read only in `shared/zod/`. */
  def: Internals;
}

const V3_KINDS: Record<string, ZodKind> = {
  ZodObject: 'object',
  ZodArray: 'array',
  ZodOptional: 'optional',
  ZodNullable: 'nullable',
  ZodDefault: 'default',
  ZodUnion: 'union',
  ZodDiscriminatedUnion: 'discriminated-union',
  ZodIntersection: 'intersection',
  ZodRecord: 'record',
  ZodTuple: 'tuple',
  ZodMap: 'map',
  ZodSet: 'set',
  ZodLazy: 'lazy',
  ZodPipeline: 'pipe',
  ZodEffects: 'effects',
  ZodReadonly: 'readonly',
  ZodCatch: 'catch',
  ZodPromise: 'promise',
  ZodBranded: 'branded',
  ZodLiteral: 'literal',
  ZodEnum: 'enum',
  ZodNativeEnum: 'enum',
  ZodString: 'string',
  ZodNumber: 'number',
  ZodBoolean: 'boolean',
  ZodBigInt: 'bigint',
  ZodDate: 'date',
  ZodSymbol: 'symbol',
  ZodUndefined: 'undefined',
  ZodNull: 'null',
  ZodVoid: 'void',
  ZodNaN: 'nan',
  ZodAny: 'any',
  ZodUnknown: 'unknown',
  ZodNever: 'never',
  ZodFunction: 'function',
};

const V4_KINDS: Record<string, ZodKind> = {
  object: 'object',
  array: 'array',
  optional: 'optional',
  nullable: 'nullable',
  default: 'default',
  union: 'union',
  intersection: 'intersection',
  record: 'record',
  tuple: 'tuple',
  map: 'map',
  set: 'set',
  lazy: 'lazy',
  pipe: 'pipe',
  transform: 'transform',
  readonly: 'readonly',
  catch: 'catch',
  promise: 'promise',
  nonoptional: 'nonoptional',
  prefault: 'prefault',
  literal: 'literal',
  enum: 'enum',
  string: 'string',
  number: 'number',
  int: 'number',
  boolean: 'boolean',
  bigint: 'bigint',
  date: 'date',
  symbol: 'symbol',
  undefined: 'undefined',
  null: 'null',
  void: 'void',
  nan: 'nan',
  any: 'any',
  unknown: 'unknown',
  never: 'never',
  custom: 'custom',
  function: 'function',
  file: 'file',
  template_literal: 'template-literal',
};

/** True for a zod 4 node (classic or mini) of any copy. */
export function isV4(value: unknown): boolean {
  const z = (value as Internals)?._zod;
  return typeof z === 'object' && z !== null && typeof z.def === 'object' && z.def !== null;
}

/** True for a zod 3 node of any copy (including `zod/v3` of a zod 4 package). */
export function isV3(value: unknown): boolean {
  const def = (value as Internals)?._def;
  return !isV4(value) && typeof def === 'object' && def !== null && typeof def.typeName === 'string' && typeof (value as Internals).safeParse === 'function';
}

export function isZodSchema(value: unknown): boolean {
  return isV4(value) || isV3(value);
}

/** `isZodSchema`, false for a proxy or object whose property reads throw. */
export function isZodSchemaSafe(value: unknown): boolean {
  try {
    return isZodSchema(value);
  } catch {
    return false;
  }
}

/** Read any zod node; `undefined` for a value that is not a zod schema. */
export function readNode(schema: unknown): ZodNode | undefined {
  if (isV4(schema)) {
    const def = (schema as Internals)._zod.def;
    let kind = V4_KINDS[def.type] ?? 'other';
    if (kind === 'union' && typeof def.discriminator === 'string') kind = 'discriminated-union';
    return { flavour: 'v4', kind, raw: schema, def };
  }
  if (isV3(schema)) {
    const def = (schema as Internals)._def;
    return { flavour: 'v3', kind: V3_KINDS[def.typeName] ?? 'other', raw: schema, def };
  }
  return undefined;
}

/** Fields of an object node, in declaration order. */
export function objectShape(node: ZodNode): Record<string, AnyZod> {
  if (node.flavour === 'v4') return node.def.shape ?? {};
  const shape = node.def.shape;
  return (typeof shape === 'function' ? shape() : shape) ?? {};
}

/** The wrapped schema of optional/nullable/default/readonly/catch/promise/branded/nonoptional/prefault. */
export function innerOf(node: ZodNode): AnyZod {
  const d = node.def;
  if (node.flavour === 'v3') return node.kind === 'branded' ? d.type : node.kind === 'promise' ? d.type : d.innerType;
  return d.innerType;
}

export function arrayElement(node: ZodNode): AnyZod {
  return node.flavour === 'v4' ? node.def.element : node.def.type;
}

/** Options of a union (zod 3 before 3.20 kept a discriminated union's options in a Map). */
export function unionOptions(node: ZodNode): AnyZod[] {
  const options = node.def.options;
  if (options instanceof Map) return [...options.values()];
  return Array.isArray(options) ? options : [];
}

/** The schema a lazy node resolves to, or undefined when its getter throws. */
export function lazyTarget(node: ZodNode): AnyZod {
  try {
    return node.def.getter();
  } catch {
    return undefined;
  }
}

/** The key a discriminated union picks its variant by. */
export function discriminatorOf(node: ZodNode): string {
  return String(node.def.discriminator);
}

/** The two sides of an intersection. */
export function sidesOf(node: ZodNode): { left: AnyZod; right: AnyZod } {
  return { left: node.def.left, right: node.def.right };
}

/** The two ends of a pipe (zod 3's `ZodPipeline`, zod 4's `pipe`, of which a transform chain is one). */
export function pipeEndsOf(node: ZodNode): { in: AnyZod; out: AnyZod } {
  return { in: node.def.in, out: node.def.out };
}

/** The schema a zod 3 effects node (refine, transform, preprocess) wraps, and what kind of effect it is. */
export function effectsOf(node: ZodNode): { inner: AnyZod; effect: string } {
  const effect: unknown = node.def.effect?.type;
  return { inner: node.def.schema, effect: typeof effect === 'string' ? effect : 'effect' };
}

/** A record's, map's or set's value schema (`valueType` in both majors). */
export function valueTypeOf(node: ZodNode): AnyZod {
  return node.def.valueType;
}

/** A tuple's item schemas and its rest schema, if any. */
export function tupleOf(node: ZodNode): { items: AnyZod[]; rest?: AnyZod } {
  const items: unknown = node.def.items;
  const rest: unknown = node.def.rest;
  return { items: Array.isArray(items) ? (items as AnyZod[]) : [], ...(rest ? { rest } : {}) };
}

/** A default node's value (zod 3 keeps a getter). */
export function defaultValueOf(node: ZodNode): unknown {
  return node.flavour === 'v3' ? node.def.defaultValue() : node.def.defaultValue;
}

/** Whether a string, number, boolean, bigint or date node coerces what it is given (`z.coerce.*`). */
export function isCoerced(node: ZodNode): boolean {
  return node.def.coerce === true;
}

/**
 * What an object does with keys it does not declare: `strip` (the default), `strict` (zod 3 `.strict()`, zod 4 a
 * `never` catchall) or `loose` (zod 3 `.passthrough()`, zod 4 an `unknown` catchall), and its catchall schema when
 * one accepts them (zod 4's `unknown` catchall included).
 */
export function unknownKeysOf(node: ZodNode): { policy: 'strip' | 'strict' | 'loose'; catchall?: AnyZod } {
  const raw: unknown = node.def.catchall;
  const catchall = readNode(raw);
  const accepting = catchall && catchall.kind !== 'never' ? { catchall: raw } : {};
  if (node.flavour === 'v3') {
    const keys: unknown = node.def.unknownKeys;
    return { policy: keys === 'strict' ? 'strict' : keys === 'passthrough' ? 'loose' : 'strip', ...accepting };
  }
  return { policy: catchall?.kind === 'never' ? 'strict' : catchall?.kind === 'unknown' ? 'loose' : 'strip', ...accepting };
}

/** Children of a node, for walks that look inside everything (checks, inspection, probe). */
export function childrenOf(node: ZodNode): AnyZod[] {
  const d = node.def;
  switch (node.kind) {
    case 'object': {
      const kids = Object.values(objectShape(node));
      const catchall = d.catchall;
      if (catchall && readNode(catchall)?.kind !== 'never') kids.push(catchall);
      return kids;
    }
    case 'array':
      return [arrayElement(node)];
    case 'union':
    case 'discriminated-union':
      return unionOptions(node);
    case 'intersection':
      return [d.left, d.right];
    case 'record':
      return [d.keyType, d.valueType];
    case 'map':
      return [d.keyType, d.valueType];
    case 'set':
      return [d.valueType];
    case 'tuple':
      return [...(d.items ?? []), ...(d.rest ? [d.rest] : [])];
    case 'lazy': {
      const t = lazyTarget(node);
      return t ? [t] : [];
    }
    case 'pipe':
      return [d.in, d.out];
    case 'effects':
      return [d.schema];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
    case 'promise':
    case 'branded':
    case 'nonoptional':
    case 'prefault':
      return [innerOf(node)];
    default:
      return [];
  }
}

/** Literal or enum values of a node (v3 native enums included, reverse numeric mappings excluded). */
export function literalValues(node: ZodNode): unknown[] {
  const d = node.def;
  if (node.kind === 'literal') return node.flavour === 'v4' ? [...(d.values ?? [])] : [d.value];
  if (node.kind !== 'enum') return [];
  if (node.flavour === 'v3') {
    if (Array.isArray(d.values)) return [...d.values];
    return enumObjectValues(d.values ?? {});
  }
  return enumObjectValues(d.entries ?? {});
}

function enumObjectValues(entries: Record<string, unknown>): unknown[] {
  const numeric = Object.values(entries).filter((v) => typeof v === 'number');
  return Object.entries(entries)
    .filter(([k]) => !numeric.includes(+k))
    .map(([, v]) => v);
}

/** The version a zod 4 node says built it (`4.1.13`); undefined for zod 3, which does not say. */
export function v4VersionOf(schema: unknown): string | undefined {
  const v: unknown = isV4(schema) ? (schema as Internals)._zod.version : undefined;
  const { major, minor, patch } = (v ?? {}) as { major?: unknown; minor?: unknown; patch?: unknown };
  return typeof major === 'number' ? `${major}.${String(minor)}.${String(patch)}` : undefined;
}

/** Strip wrappers that change nothing about an object's identity for the walk (optional/nullable/default). */
export function isWrapper(kind: ZodKind): boolean {
  return kind === 'optional' || kind === 'nullable' || kind === 'default';
}
