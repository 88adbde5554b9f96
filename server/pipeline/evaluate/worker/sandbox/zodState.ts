/**
 * Zod's program-wide state (worker side): zod 4 keeps a global registry of schema ids (`.meta({ id })`) and a
 * global configuration (`z.config(...)`). Packages load once per worker, so without this one file's ids would
 * make the next file's (or its own next run's) `.meta({ id })` throw "already exists" on zod 4.0–4.2, and one
 * file's `z.config({ jitless: true })` would be every later file's. Each zod copy's state is taken when it
 * loads, before any importer runs, and put back before each evaluation.
 *
 * Schemas' own metadata lives in the registry's WeakMap, keyed by schema objects a new generation recreates:
 * only the id table and the configuration need putting back.
 */

interface Registry {
  _idmap?: Map<unknown, unknown>;
}

interface Watched {
  registry?: Registry;
  ids?: Map<unknown, unknown>;
  config?: Record<string, unknown>;
  settings?: Record<string, unknown>;
}

const watched: Watched[] = [];
const seenRegistries = new WeakSet<object>();
const seenConfigs = new WeakSet<object>();

function zodOf(mod: unknown): Record<string, unknown> | undefined {
  const m = mod as { object?: unknown; z?: { object?: unknown } } | undefined;
  if (typeof m?.object === 'function') return m;
  if (typeof m?.z?.object === 'function') return m.z;
  return undefined;
}

/** Notes the global state of a zod module as it loads (zod 3 has none). */
export function watchZodState(mod: unknown): void {
  const z = zodOf(mod);
  if (!z) return;
  const entry: Watched = {};
  const registry = z.globalRegistry as Registry | undefined;
  if (registry?._idmap instanceof Map && !seenRegistries.has(registry)) {
    seenRegistries.add(registry);
    entry.registry = registry;
    entry.ids = new Map(registry._idmap);
  }
  try {
    const config = typeof z.config === 'function' ? (z.config as () => unknown)() : undefined;
    if (config && typeof config === 'object' && !seenConfigs.has(config)) {
      seenConfigs.add(config);
      entry.config = config as Record<string, unknown>;
      entry.settings = { ...(config as Record<string, unknown>) };
    }
  } catch {
    // A zod without a readable configuration: nothing of it to put back.
  }
  if (entry.registry || entry.config) watched.push(entry);
}

/** Puts every zod copy's id table and configuration back as they were when it loaded. */
export function restoreZodState(): void {
  for (const { registry, ids, config, settings } of watched) {
    if (registry && ids) registry._idmap = new Map(ids);
    if (config && settings) {
      for (const key of Object.keys(config)) if (!(key in settings)) delete config[key];
      Object.assign(config, settings);
    }
  }
}
