/**
 * Zod modules the engine may build with when a constructor cannot be derived from the input's own nodes.
 * The evaluation worker registers the workspace's `zod`, `zod/v3` and `zod/mini`; our bundled copies are the
 * last resort (zod 4 nodes of different copies interoperate through `_zod`, and zod 3 parses through `_parse`).
 */
import * as bundledClassic from 'zod';
import * as bundledMini from 'zod/mini';
import * as bundledV3 from 'zod/v3';
import type { Internals } from './read';

export type ModuleFlavour = 'v3' | 'v4-classic' | 'v4-mini';

const registered: Array<{ flavour: ModuleFlavour; mod: Internals }> = [];

/** The namespace that holds `object`, `string`, ...: the module itself, its `z` export or its default export. */
function namespaceOf(mod: Internals): Internals {
  if (typeof mod?.object === 'function') return mod;
  if (typeof mod?.z?.object === 'function') return mod.z;
  if (typeof mod?.default?.object === 'function') return mod.default;
  return mod;
}

/** Whether a zod 3 `schema` is an instance of this module's copy of zod, not of another copy loaded beside it. */
export function madeByModule(mod: unknown, schema: unknown): boolean {
  try {
    const ZodType = namespaceOf(mod)?.ZodType;
    return typeof ZodType === 'function' && schema instanceof ZodType;
  } catch {
    return false;
  }
}

/** Which flavour of zod a module namespace is, or undefined when it is not one. */
function moduleFlavour(mod: Internals): ModuleFlavour | undefined {
  const ns = namespaceOf(mod);
  if (!ns || typeof ns.object !== 'function') return undefined;
  try {
    const probe = ns.object({});
    if (probe?._zod) return typeof probe.optional === 'function' ? 'v4-classic' : 'v4-mini';
    if (probe?._def?.typeName === 'ZodObject') return 'v3';
  } catch {
    return undefined;
  }
  return undefined;
}

/** Register a host's zod module (the workspace's `zod`, `zod/v3`, `zod/mini`) as a building fallback; returns whether it was recognised. */
export function registerZod(mod: unknown): boolean {
  let flavour: ModuleFlavour | undefined;
  try {
    flavour = moduleFlavour(mod);
  } catch {
    return false;
  }
  if (!flavour) return false;
  const ns = namespaceOf(mod);
  if (!registered.some((r) => r.mod === ns)) registered.unshift({ flavour, mod: ns });
  return true;
}

/**
 * The module to build with for a flavour: the registered or bundled one whose object class is the input's own
 * (same copy), else any registered one of that flavour, else our bundled copy.
 */
export function fallbackModule(flavour: ModuleFlavour, objectClass?: unknown): Internals {
  const bundled = flavour === 'v3' ? bundledV3.z : flavour === 'v4-mini' ? bundledMini : bundledClassic;
  const candidates = registered.filter((r) => r.flavour === flavour).map((r) => r.mod);
  const same = [...candidates, bundled].find((mod) => objectClassOf(mod, flavour) === objectClass);
  return same ?? candidates[0] ?? bundled;
}

function objectClassOf(mod: Internals, flavour: ModuleFlavour): unknown {
  return flavour === 'v4-mini' ? mod.ZodMiniObject : mod.ZodObject;
}

/** The zod 4 metadata registry to read and write descriptions: shared through globalThis since zod 4.1. */
export function v4Registry(): Internals {
  return (globalThis as Internals).__zod_globalRegistry ?? bundledClassic.globalRegistry;
}

type Converter = (schema: Internals, params: Internals) => unknown;

/**
 * The `toJSONSchema` of the zod 4 copy that built `schema`: a registered module of the same version (the worker
 * registers the workspace's zod), else the schema's own `.toJSONSchema()` method (classic, zod >= 4.2); undefined
 * when neither is at hand (the caller uses our bundled converter). Converters differ between minors: our 4.6
 * converter drops the `type` of every described field of a 4.2 schema, so a real collision compared as `{}`.
 */
export function converterFor(schema: Internals): Converter | undefined {
  const version = schema?._zod?.version;
  if (!version) return undefined;
  for (const { flavour, mod } of registered) {
    if (flavour === 'v3') continue;
    const v = mod.core?.version ?? mod.version;
    const convert = mod.toJSONSchema ?? mod.core?.toJSONSchema;
    if (typeof convert === 'function' && v && v.major === version.major && v.minor === version.minor && v.patch === version.patch) return convert;
  }
  if (typeof schema.toJSONSchema === 'function') return (s, params) => (s === schema ? schema.toJSONSchema(params) : undefined);
  return undefined;
}
