/**
 * Building schemas with the SAME zod copy that built the input, so the result can be handed to that copy's SDK.
 * Constructors are derived from the input's own nodes (zod 4: `_zod.constr`, classic methods such as `.keyof()`,
 * `.loose()`, `.optional()`; zod 3: a node's class and its static `create`). Only what cannot be derived comes from
 * a registered module of the same flavour (see `registerZod`), and as a last resort from our bundled zod.
 */

import { copyMetaV4 } from './meta';
import { fallbackModule, v4Registry, type ModuleFlavour } from './modules';
import { innerOf, isV3, isWrapper, readNode, type AnyZod, type Flavour, type Internals, type ZodNode } from './read';

export type BaseType = 'string' | 'number' | 'boolean' | 'array' | 'object';

/** The JSON kinds a type array may hold, in the order it lists them (integer only where number is absent). */
export const JSON_KINDS = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] as const;
export type JsonKind = (typeof JSON_KINDS)[number];

export interface ZodKit {
  flavour: Flavour;
  /** A plain (strip) object with these fields, in this order; `open`: one that accepts any extra key (passthrough). */
  object(shape: Record<string, AnyZod>, open?: boolean): AnyZod;
  optional(schema: AnyZod): AnyZod;
  /** A string enum (zod 4 without an enum constructor at hand: a multi-value literal, the same JSON Schema). */
  enumOf(values: string[]): AnyZod;
  /** A fresh `unknown` node per call: zod-to-json-schema turns a node met twice into a `$ref` to the first place. */
  unknown(): AnyZod;
  /** A bare node of one JSON type (no checks): `string`, `number`, `boolean`, an array of anything, an open object. */
  bare(type: BaseType): AnyZod;
  /**
   * A node whose JSON Schema is `{"type": kinds}` (one kind: `{"type": kind}`), or undefined where this copy
   * cannot say it (zod 3: only primitives, as zod-to-json-schema collapses a union of bare primitives).
   */
  typeArray(kinds: readonly JsonKind[]): AnyZod;
  /** Describe a node this kit just built (in place where the copy allows it: no clone). */
  describe(schema: AnyZod, text: string): AnyZod;
}

/** Rebuild a node of any flavour with some definition fields replaced, keeping its metadata. */
export function rebuild(node: ZodNode, changes: Record<string, unknown>): AnyZod {
  const def = Object.defineProperties({}, Object.getOwnPropertyDescriptors(node.def));
  for (const [k, v] of Object.entries(changes)) Object.defineProperty(def, k, { value: v, enumerable: true, writable: true, configurable: true });
  if (node.flavour === 'v3') return new (node.raw as Internals).constructor(def);
  return copyMetaV4(node.raw, new (node.raw as Internals)._zod.constr(def));
}

/** Rebuild an object node with a new shape (strictness and refinements of a walked object are kept). */
export function rebuildObject(node: ZodNode, shape: Record<string, AnyZod>): AnyZod {
  return rebuild(node, { shape: node.flavour === 'v3' ? () => shape : shape });
}

/** A kit for the copy of `sample` (an object node of the input); `hints` are nodes of that copy to harvest constructors from. */
export function kitFor(sample: ZodNode, hints: Internals[] = []): ZodKit {
  return sample.flavour === 'v3' ? v3Kit(sample, hints) : v4Kit(sample, hints);
}

/** A read node's schema, to reach its internals (this module builds with them). */
function rawOf(node: ZodNode | undefined): Internals {
  return node?.raw;
}

function harvest(hints: Internals[], match: (n: ZodNode) => boolean): ZodNode | undefined {
  for (const h of hints) {
    let n = readNode(h);
    for (let depth = 0; n && depth < 4; depth++) {
      if (match(n)) return n;
      if (!isWrapper(n.kind) && n.kind !== 'readonly') break;
      n = readNode(innerOf(n));
    }
  }
  return undefined;
}

function v3Kit(sample: ZodNode, hints: Internals[]): ZodKit {
  const ObjectClass = (sample.raw as Internals).constructor;
  let UnknownClass: Internals;
  let OptionalClass: Internals;
  return {
    flavour: 'v3',
    object: (shape, open) => (open ? ObjectClass.create(shape).passthrough() : ObjectClass.create(shape)),
    // Through the sample's own ZodOptional, so a fallback-built inner (unknown) is still wrapped by the input copy.
    optional: (s) => (OptionalClass ??= (sample.raw as Internals).optional().constructor).create(s),
    enumOf: (values) => (sample.raw as Internals).keyof().constructor.create(values),
    unknown: () => {
      if (!UnknownClass) {
        const found = harvest(hints, (n) => n.kind === 'unknown' || n.kind === 'any');
        UnknownClass = found ? (found.raw as Internals).constructor : fallbackModule('v3', ObjectClass).unknown().constructor;
      }
      return UnknownClass.create();
    },
    bare: (type) => {
      const kind = type === 'array' ? 'array' : type;
      const found = type === 'array' || type === 'object' ? undefined : harvest(hints, (n) => n.kind === kind);
      if (found) return (found.raw as Internals).constructor.create();
      const mod = fallbackModule('v3', ObjectClass);
      if (type === 'object') return ObjectClass.create({}).passthrough();
      if (type === 'array') return mod.array(mod.unknown());
      return mod[type]();
    },
    typeArray: (kinds) => {
      if (kinds.some((k) => k === 'object' || k === 'array')) return undefined;
      const mod = fallbackModule('v3', ObjectClass);
      // Bare members only: zod-to-json-schema collapses those into one type array; a check would make it anyOf.
      const member = (k: JsonKind) => (k === 'integer' ? mod.number().int() : k === 'null' ? mod.null() : mod[k]());
      if (kinds.length === 1) return member(kinds[0]);
      if (kinds.includes('integer')) return undefined;
      return mod.union(kinds.map(member));
    },
    describe: (s: Internals, text) => {
      s._def.description = text; // a fresh node of ours: its definition is not shared with the input
      return s;
    },
  };
}

/** Constructors of one zod 4 copy, found once (keyed by its object class) so later unions build without probing. */
interface V4Copy {
  ctors: Map<string, Internals>;
  /** Whether this copy's metadata registry is the globalThis one (zod >= 4.1), so fresh nodes can be described in place. */
  sharedRegistry?: boolean;
}
const v4Copies = new WeakMap<object, V4Copy>();

function v4Kit(sample: ZodNode, hints: Internals[]): ZodKit {
  const raw = sample.raw as Internals;
  const classic = typeof raw.optional === 'function';
  const flavour: ModuleFlavour = classic ? 'v4-classic' : 'v4-mini';
  const ObjectClass = raw._zod.constr;
  let copy = v4Copies.get(ObjectClass);
  if (!copy) v4Copies.set(ObjectClass, (copy = { ctors: new Map() }));
  const cache = copy;
  const mod = () => fallbackModule(flavour, ObjectClass);
  /** Derivations from the sample itself (classic methods of the input copy), else a registered or bundled module. */
  const derive: Record<string, () => Internals> = {
    optional: () => (classic ? raw.optional() : mod().optional(raw)),
    enum: () => (classic ? raw.keyof() : mod().enum(['a'])),
    unknown: () => (classic ? raw.loose()._zod.def.catchall : mod().unknown()),
    literal: () => mod().literal('a'),
  };
  const ctorOf = (type: string) => {
    let ctor = cache.ctors.get(type);
    if (!ctor) {
      ctor = rawOf(harvest(hints, (n) => n.flavour === 'v4' && n.def.type === type))?._zod.constr ?? derive[type]()._zod.constr;
      cache.ctors.set(type, ctor);
    }
    return ctor;
  };
  return {
    flavour: 'v4',
    // Open: a catchall unknown (loose), so the flat zod schema a runtime parses with keeps the extra keys too.
    object: (shape, open) =>
      new ObjectClass(open ? { type: 'object', shape, catchall: new (ctorOf('unknown'))({ type: 'unknown' }) } : { type: 'object', shape }),
    optional: (s) => new (ctorOf('optional'))({ type: 'optional', innerType: s }),
    enumOf: (values) => {
      // An enum keeps its values as object keys, which puts integer-like ones first ('b', '2', '1' → '1', '2', 'b'):
      // a multi-value literal keeps first-seen order and has the same JSON Schema (an enum of two or more values).
      // mini has no method to derive an enum from: without an enum among the input's nodes, the input's literal.
      // Decided by the input alone, never by what an earlier call cached, so the output is the same every time.
      const reorders = values.length > 1 && values.some((v) => /^(0|[1-9]\d{0,8})$/.test(v));
      const miniLiteral = !classic && !harvest(hints, (n) => n.def?.type === 'enum');
      if (reorders || miniLiteral) {
        const Literal = rawOf(harvest(hints, (n) => n.flavour === 'v4' && n.def.type === 'literal'))?._zod.constr ?? ctorOf('literal');
        return new Literal({ type: 'literal', values });
      }
      return new (ctorOf('enum'))({ type: 'enum', entries: Object.fromEntries(values.map((v) => [v, v])) });
    },
    unknown: () => new (ctorOf('unknown'))({ type: 'unknown' }),
    bare: (type) => {
      if (type === 'object') return new ObjectClass({ type: 'object', shape: {}, catchall: new (ctorOf('unknown'))({ type: 'unknown' }) });
      const m = mod();
      return type === 'array' ? (classic ? m.array(m.unknown()) : m.array(m.unknown())) : m[type]();
    },
    typeArray: (kinds) => {
      // An unknown whose metadata says the type: z.toJSONSchema writes metadata over the node's own output.
      const node = new (ctorOf('unknown'))({ type: 'unknown' });
      const type = kinds.length === 1 ? kinds[0] : [...kinds];
      const registry = v4Registry();
      registry.add(node, { ...registry.get(node), type });
      if (typeof node.meta === 'function' && node.meta()?.type === undefined) return node.meta({ type }); // zod 4.0: its own registry
      return node;
    },
    describe: (s: Internals, text) => {
      const registry = v4Registry();
      if (cache.sharedRegistry !== false) {
        registry.add(s, { ...registry.get(s), description: text });
        if (cache.sharedRegistry === undefined) cache.sharedRegistry = typeof s.meta !== 'function' || s.meta()?.description === text;
        if (cache.sharedRegistry) return s;
        registry.remove(s);
      }
      // A copy with its own registry (zod 4.0): let it register there, keeping what the node already says (a type).
      return typeof s.meta === 'function' ? s.meta({ ...(s.meta() ?? {}), description: text }) : s.describe(text);
    },
  };
}

/** A raw shape (`{ a: z.string() }`) as the plain object an SDK wraps it in, built with a bundled copy of its major. */
export function rawShapeObject(shape: Record<string, AnyZod>): AnyZod {
  const fields = Object.values(shape);
  if (fields.length > 0 && fields.every(isV3)) return fallbackModule('v3').object(shape);
  return fallbackModule('v4-mini').object(shape);
}
