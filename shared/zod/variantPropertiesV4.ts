/**
 * zod 4: each variant's property schemas exactly as the comparable conversion of the whole union emits them
 * (`toJSONSchema`, draft 2020-12, input side, no metadata), computed locally where that is provably the same.
 *
 * Why: that conversion was a third of `advertise` (zod's per-node bookkeeping, a subtree walk per node for
 * `io: 'input'`, a reference-flattening pass and a JSON round trip of the whole union). Leaves are still turned
 * into JSON by zod itself (the node's own `processJSONSchema`); only the few structural processors that merely
 * nest (object, array without checks, optional, nullable, default) are replayed here, as zod 4.6 writes them.
 * Anything else (another zod version, mini nodes, a cycle, a transform, a `toJSONSchema` override, a check on an
 * array, ...) answers `undefined`, and the caller converts the union as before.
 */
// A namespace import: the runtime package runs on a peer zod whose core may predate `initializeContext` (zod 3.25),
// where this fast path then simply does not apply.
import * as core from 'zod/v4/core';
import { COMPARABLE_V4 } from './jsonSchema';
import type { Internals } from './read';

type Json = Record<string, unknown>;

/** Thrown to abandon the local path; the caller falls back to converting the whole union. */
class NotLocal extends Error {}

const LEAVES = new Set(['string', 'number', 'boolean', 'null', 'enum', 'literal', 'any', 'unknown']);

/**
 * Per variant, its `properties` as the whole-union conversion has them; `undefined` when not provably equal.
 * With `keys`, only those properties, each computed on its own: one that is not provably equal is left out (the
 * caller converts that field alone), so one unusual field no longer sends the whole union to zod's converter.
 */
export function comparableVariantPropertiesV4(union: Internals, options: Internals[], keys?: ReadonlySet<string>): Json[] | undefined {
  try {
    const ctx = core.initializeContext({ ...COMPARABLE_V4, processors: {} });
    if (keys) return options.map((option) => JSON.parse(JSON.stringify(someProperties(ctx, union, option, keys))) as Json);
    const walk = new LocalConversion(ctx);
    walk.enter(union);
    const variants = options.map((option) => walk.variantProperties(option));
    // zod ends every conversion with a JSON round trip; so do we (same dropped `undefined`s, same fresh objects).
    return JSON.parse(JSON.stringify(variants)) as Json[];
  } catch {
    return undefined; // includes anything zod would throw on: the whole-union conversion then behaves as before
  }
}

/** The listed properties of one variant that convert locally; the others are left out. */
function someProperties(ctx: unknown, union: Internals, option: Internals, keys: ReadonlySet<string>): Json {
  const out: Json = {};
  const def = option?._zod?.def;
  if (def?.type !== 'object' || Object.getOwnPropertySymbols(def.shape).length > 0) return out;
  let walk: LocalConversion | undefined;
  for (const key of Object.keys(def.shape)) {
    if (!keys.has(key) || key === '__proto__') continue;
    try {
      if (!walk) {
        walk = new LocalConversion(ctx);
        walk.enter(union);
        walk.enter(option);
      }
      out[key] = walk.convert(def.shape[key], ['properties', key]);
    } catch {
      walk = undefined; // not provably equal: the caller converts this field alone (and the walk's path is reset)
    }
  }
  return out;
}

class LocalConversion {
  /** Nodes on the current path: meeting one again is a cycle, which zod turns into `$ref`. */
  private readonly ancestors = new Set<Internals>();
  constructor(private readonly ctx: unknown) {}

  enter(schema: Internals): Internals {
    const z = schema?._zod;
    if (!z || !sameVersion(z.version) || z.toJSONSchema || this.ancestors.has(schema)) throw new NotLocal();
    this.ancestors.add(schema);
    return z.def;
  }

  variantProperties(option: Internals): Json {
    const def = this.enter(option);
    if (def.type !== 'object') throw new NotLocal();
    const json = this.object(def);
    this.ancestors.delete(option);
    return json.properties as Json;
  }

  convert(schema: Internals, path: unknown[]): Json {
    const def = this.enter(schema);
    let json: Json;
    switch (def.type) {
      case 'object':
        json = this.object(def);
        break;
      case 'array': {
        // arrayProcessor folds checks into minItems/maxItems; an array without any is type + items only.
        const bag = schema._zod.bag ?? {};
        if ((def.checks?.length ?? 0) > 0 || bag.minimum !== undefined || bag.maximum !== undefined) throw new NotLocal();
        json = { type: 'array', items: this.convert(def.element, [...path, 'items']) };
        break;
      }
      case 'optional':
        json = { ...this.convert(def.innerType, path) }; // optional's own schema is its inner one, flattened in
        break;
      case 'default': {
        // defaultProcessor + the reference flattening: its own `default` first, then the inner schema's keywords.
        const value = serializeDefault(def.defaultValue);
        json = value === UNREPRESENTABLE ? {} : { default: value };
        Object.assign(json, this.convert(def.innerType, path));
        if (value !== UNREPRESENTABLE) json.default = value; // the wrapper's own default wins, in first place
        break;
      }
      case 'nullable':
        json = { anyOf: [this.convert(def.innerType, path), { type: 'null' }] };
        break;
      default: {
        if (!LEAVES.has(def.type) || typeof schema._zod.processJSONSchema !== 'function') throw new NotLocal();
        json = {};
        schema._zod.processJSONSchema(this.ctx, json, { path, schemaPath: [] });
        if ('_prefault' in json) throw new NotLocal();
      }
    }
    compactTypeUnion(json);
    this.ancestors.delete(schema);
    return json;
  }

  /** objectProcessor for the input side: properties, required (keys whose input is not optional), catchall. */
  private object(def: Internals): Json {
    const shape = def.shape;
    if (Object.getOwnPropertySymbols(shape).length > 0) throw new NotLocal();
    const properties: Json = {};
    const json: Json = { type: 'object', properties };
    for (const key in shape) {
      if (key === '__proto__') throw new NotLocal();
      properties[key] = this.convert(shape[key], ['properties', key]);
    }
    const required = Object.keys(shape).filter((key) => shape[key]._zod.optin === undefined);
    if (required.length > 0) json.required = required;
    if (def.catchall?._zod.def.type === 'never') json.additionalProperties = false;
    else if (def.catchall) json.additionalProperties = this.convert(def.catchall, ['additionalProperties']);
    return json;
  }
}

function sameVersion(v: Internals): boolean {
  const version = core.version;
  return v?.major === version.major && v?.minor === version.minor && v?.patch === version.patch;
}

const UNREPRESENTABLE = Symbol('unrepresentable default');

/** zod's serializeDefaultValue: the value through JSON text (throws where zod throws); a bigint inside: none. */
function serializeDefault(value: unknown): unknown {
  let bigint = false;
  const text = JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? ((bigint = true), null) : v));
  return bigint ? UNREPRESENTABLE : JSON.parse(text);
}

/** zod's compactTypeUnion: an anyOf of bare `type`s becomes one `type` (as zod does to every emitted schema). */
function compactTypeUnion(schema: Json): void {
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length === 0 || schema.type !== undefined) return;
  const types: string[] = [];
  for (const option of options) {
    if (!option || typeof option !== 'object') return;
    compactTypeUnion(option as Json);
    const keys = Object.keys(option);
    if (keys.length !== 1 || keys[0] !== 'type') return;
    const type = (option as Json).type;
    for (const member of Array.isArray(type) ? type : [type]) {
      if (typeof member !== 'string') return;
      if (!types.includes(member)) types.push(member);
    }
  }
  delete schema.anyOf;
  schema.type = types.length === 1 ? types[0] : types;
}
