/**
 * Building schemas with the SAME zod copy that built the input, so the result can be handed to that copy's SDK.
 * Constructors are derived from the input's own nodes (zod 4: `_zod.constr`, classic methods such as `.keyof()`,
 * `.loose()`, `.optional()`; zod 3: a node's class and its static `create`). Only what cannot be derived comes from
 * a registered module of the same flavour (see `registerZod`), and as a last resort from our bundled zod.
 */

import { copyMetaV4 } from './meta';
import { fallbackModule, v4Registry, type ModuleFlavour } from './modules';
import { innerOf, isWrapper, readNode, type AnyZod, type Flavour, type ZodNode } from './read';

export interface ZodKit {
  flavour: Flavour;
  /** A plain (strip) object with these fields, in this order. */
  object(shape: Record<string, AnyZod>): AnyZod;
  optional(schema: AnyZod): AnyZod;
  /** A string enum (zod 4 without an enum constructor at hand: a multi-value literal, the same JSON Schema). */
  enumOf(values: string[]): AnyZod;
  unknown(): AnyZod;
  /** Describe a node this kit just built (in place where the copy allows it: no clone). */
  describe(schema: AnyZod, text: string): AnyZod;
}

/** Rebuild a node of any flavour with some definition fields replaced, keeping its metadata. */
export function rebuild(node: ZodNode, changes: Record<string, unknown>): AnyZod {
  const def = Object.defineProperties({}, Object.getOwnPropertyDescriptors(node.def));
  for (const [k, v] of Object.entries(changes)) Object.defineProperty(def, k, { value: v, enumerable: true, writable: true, configurable: true });
  if (node.flavour === 'v3') return new node.raw.constructor(def);
  return copyMetaV4(node.raw, new node.raw._zod.constr(def));
}

/** Rebuild an object node with a new shape (strictness and refinements of a walked object are kept). */
export function rebuildObject(node: ZodNode, shape: Record<string, AnyZod>): AnyZod {
  return rebuild(node, { shape: node.flavour === 'v3' ? () => shape : shape });
}

/** A kit for the copy of `sample` (an object node of the input); `hints` are nodes of that copy to harvest constructors from. */
export function kitFor(sample: ZodNode, hints: AnyZod[] = []): ZodKit {
  return sample.flavour === 'v3' ? v3Kit(sample, hints) : v4Kit(sample, hints);
}

function harvest(hints: AnyZod[], match: (n: ZodNode) => boolean): ZodNode | undefined {
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

function v3Kit(sample: ZodNode, hints: AnyZod[]): ZodKit {
  const ObjectClass = sample.raw.constructor;
  let unknownSchema: AnyZod;
  let OptionalClass: AnyZod;
  return {
    flavour: 'v3',
    object: (shape) => ObjectClass.create(shape),
    // Through the sample's own ZodOptional, so a fallback-built inner (unknown) is still wrapped by the input copy.
    optional: (s) => (OptionalClass ??= sample.raw.optional().constructor).create(s),
    enumOf: (values) => sample.raw.keyof().constructor.create(values),
    unknown: () => {
      if (!unknownSchema) {
        const found = harvest(hints, (n) => n.kind === 'unknown' || n.kind === 'any');
        unknownSchema = found ? found.raw.constructor.create() : fallbackModule('v3', ObjectClass).unknown();
      }
      return unknownSchema;
    },
    describe: (s, text) => {
      s._def.description = text; // a fresh node of ours: its definition is not shared with the input
      return s;
    },
  };
}

/** Constructors of one zod 4 copy, found once (keyed by its object class) so later unions build without probing. */
interface V4Copy {
  ctors: Map<string, AnyZod>;
  /** Whether this copy's metadata registry is the globalThis one (zod >= 4.1), so fresh nodes can be described in place. */
  sharedRegistry?: boolean;
}
const v4Copies = new WeakMap<object, V4Copy>();

function v4Kit(sample: ZodNode, hints: AnyZod[]): ZodKit {
  const raw = sample.raw;
  const classic = typeof raw.optional === 'function';
  const flavour: ModuleFlavour = classic ? 'v4-classic' : 'v4-mini';
  const ObjectClass = raw._zod.constr;
  let copy = v4Copies.get(ObjectClass);
  if (!copy) v4Copies.set(ObjectClass, (copy = { ctors: new Map() }));
  const cache = copy;
  const mod = () => fallbackModule(flavour, ObjectClass);
  /** Derivations from the sample itself (classic methods of the input copy), else a registered or bundled module. */
  const derive: Record<string, () => AnyZod> = {
    optional: () => (classic ? raw.optional() : mod().optional(raw)),
    enum: () => (classic ? raw.keyof() : mod().enum(['a'])),
    unknown: () => (classic ? raw.loose()._zod.def.catchall : mod().unknown()),
  };
  const ctorOf = (type: string) => {
    let ctor = cache.ctors.get(type);
    if (!ctor) {
      ctor = harvest(hints, (n) => n.flavour === 'v4' && n.def.type === type)?.raw._zod.constr ?? derive[type]()._zod.constr;
      cache.ctors.set(type, ctor);
    }
    return ctor;
  };
  return {
    flavour: 'v4',
    object: (shape) => new ObjectClass({ type: 'object', shape }),
    optional: (s) => new (ctorOf('optional'))({ type: 'optional', innerType: s }),
    enumOf: (values) => {
      // mini has no method to derive an enum from: a multi-value literal of the input copy has the same JSON Schema.
      const Literal = !classic && !cache.ctors.has('enum') && !harvest(hints, (n) => n.def?.type === 'enum') ? harvest(hints, (n) => n.flavour === 'v4' && n.def.type === 'literal')?.raw._zod.constr : undefined;
      if (Literal) return new Literal({ type: 'literal', values });
      return new (ctorOf('enum'))({ type: 'enum', entries: Object.fromEntries(values.map((v) => [v, v])) });
    },
    unknown: () => new (ctorOf('unknown'))({ type: 'unknown' }),
    describe: (s, text) => {
      const registry = v4Registry();
      if (cache.sharedRegistry !== false) {
        registry.add(s, { ...registry.get(s), description: text });
        if (cache.sharedRegistry === undefined) cache.sharedRegistry = typeof s.meta !== 'function' || s.meta()?.description === text;
        if (cache.sharedRegistry) return s;
        registry.remove(s);
      }
      return s.describe(text); // a copy with its own registry (zod 4.0): let it register there
    },
  };
}
