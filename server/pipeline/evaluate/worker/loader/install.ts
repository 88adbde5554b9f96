/**
 * The worker's side of the loader (the hooks are in `hooks.ts`, on Node's loader thread): registers the hooks,
 * starts a generation per evaluation and asks what it loaded. Also covers what the hooks cannot see on Node 20:
 * `require()` from a workspace CommonJS module goes through Node's CommonJS loader (commonjs.ts compiles the
 * workspace's CommonJS TypeScript there), so a tool library required there is wrapped by its recorder here, a
 * required zod is announced here too, and platform modules are stubbed.
 */
import Module, { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { shimFor } from '../../../sdks';
import { RECORDERS_KEY } from '../recorders/sdkShims';
import { canonicalSpecifier } from './packageIdentity';
import { newLoaderActivity, readLoaderActivity } from './activity';
import type { OrphanWatch } from '../sandbox/orphanWatch';
import { isWorkerThreads, REFUSED_WORKER_SOURCE } from './platformStubs';
import { GENERATION_PARAM, ZOD_SEEN_KEY, type FromHooks, type GenerationReport, type PreparedEntry, type TransformReply } from './protocol';
import { commonJsReport, commonJsStub, installCommonJs, startCommonJsGeneration } from './commonjs';

type ZodSeen = (module: unknown, href: string) => void;
type Recorder = (real: unknown, server: unknown, hrefs: { real: string; server?: string }) => Record<string, unknown>;

let port: import('node:worker_threads').MessagePort | undefined;
const activity = newLoaderActivity();
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the one definition, shared with the ES module stub
const RefusedWorker = (new Function(`${REFUSED_WORKER_SOURCE}\nreturn Worker;`) as () => unknown)();
let generation = 0;
/** Transforms asked of the host and not yet answered: while one is, the load is waiting on the host, not idle. */
let transformsAsked = 0;
const pending = new Map<number, (report: GenerationReport) => void>();
/** CommonJS shims of this generation, by resolved file: one recorder call per library per evaluation. */
let requiredShims = new Map<string, unknown>();

const inPackages = (file: string) => /[\\/]node_modules[\\/]/.test(file);

/**
 * Registers the loader hooks (`hooksFile`, an ES module) and the CommonJS side; `onZod` hears of every zod loaded.
 * `toHost` is the worker's own IPC send, taken before user code: the hooks' transforms are made by the host. The
 * hooks' thread also watches for the worker's parent (`orphanWatch`).
 */
export function installLoader(hooksFile: string, onZod: ZodSeen, toHost: (message: unknown) => void, orphanWatch: OrphanWatch): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for(ZOD_SEEN_KEY)] = onZod;
  const channel = new MessageChannel();
  port = channel.port1;
  port.on('message', (message: FromHooks) => {
    if (message.type === 'transform') {
      transformsAsked++;
      toHost(message);
    } else if (message.type === 'report') {
      pending.get(message.generation)?.(message);
      pending.delete(message.generation);
    }
  });
  process.on('message', (message: TransformReply) => {
    if (message?.type !== 'transformed') return;
    transformsAsked = Math.max(0, transformsAsked - 1);
    port?.postMessage(message);
  });
  port.unref();
  register(pathToFileURL(hooksFile).href, { data: { port: channel.port2, orphanWatch, activity }, transferList: [channel.port2] });
  installCommonJs();
  wrapRequire(onZod);
}

function wrapRequire(onZod: ZodSeen): void {
  const loader = Module as unknown as {
    _load: (request: string, parent: { filename?: string } | undefined, isMain: boolean) => unknown;
    _resolveFilename: (request: string, parent: unknown) => string;
  };
  const load = loader._load;
  loader._load = function (request, parent, isMain) {
    const stub = commonJsStub(request);
    if (stub !== undefined) return stub;
    const exports = load.call(this, request, parent, isMain);
    const from = parent?.filename;
    if (from && isWorkerThreads(request)) return { ...(exports as object), Worker: RefusedWorker };
    if (!from || inPackages(from)) return exports;
    const named = /^[@\w]/.test(request) ? canonicalSpecifier(request, safeResolve(request, parent)) : request;
    const spec = shimFor(named);
    if (named === 'zod' || named.startsWith('zod/')) {
      onZod(exports, safeResolve(request, parent) ?? request);
    } else if (spec) {
      const real = safeResolve(request, parent);
      if (!real) return exports;
      const recorder = (globalThis as Record<symbol, Record<string, Recorder> | undefined>)[Symbol.for(RECORDERS_KEY)]?.[spec.recorder];
      if (!recorder) return exports;
      let shimmed = requiredShims.get(real);
      if (!shimmed) {
        let server: unknown;
        let serverPath: string | undefined;
        for (const companion of spec.companions ?? []) {
          try {
            serverPath = loader._resolveFilename(companion, { filename: real, paths: [path.dirname(real)] });
            server = load.call(this, serverPath, parent, false);
            break;
          } catch {
            // Not installed beside the library.
          }
        }
        shimmed = Object.assign({}, exports, recorder(exports, server, { real, ...(serverPath ? { server: serverPath } : {}) }));
        requiredShims.set(real, shimmed);
      }
      return shimmed;
    }
    return exports;
  };
  function safeResolve(request: string, parent: unknown): string | undefined {
    try {
      return loader._resolveFilename(request, parent);
    } catch {
      return undefined;
    }
  }
}

/**
 * Starts a new generation and imports `file` in it: its workspace modules (and CommonJS ones) load afresh, with
 * `overlays` winning over the disk and `appendix` added to the entry's source. Returns the namespace or the error.
 */
export async function importFresh(
  file: string,
  overlays: Record<string, string>,
  appendix: string,
  stubs: readonly string[] = [],
  prepared?: PreparedEntry,
): Promise<{ generation: number; namespace?: Record<string, unknown>; error?: unknown }> {
  const n = ++generation;
  requiredShims = new Map();
  for (const key of Object.keys(require.cache)) if (!inPackages(key)) delete require.cache[key];
  // The entry a CommonJS start runs becomes `require.main` (commonJsFacade.ts); the worker's own comes back after.
  const main = process.mainModule;
  startCommonJsGeneration(new Map(Object.entries(overlays)), { file, appendix, ...(prepared ? { prepared } : {}) }, stubs);
  port?.postMessage({
    type: 'start',
    generation: n,
    overlays: Object.entries(overlays),
    entry: { file, appendix, ...(prepared ? { prepared } : {}) },
    stubs: [...stubs],
  });
  const url = new URL(pathToFileURL(file).href);
  url.searchParams.set(GENERATION_PARAM, String(n));
  try {
    return { generation: n, namespace: (await import(url.href)) as Record<string, unknown> };
  } catch (error) {
    return { generation: n, error };
  } finally {
    process.mainModule = main;
  }
}

/** Whether an import is loading now, and a count that moves while a chain of imports loads. */
export function loaderActivity(): { inFlight: number; ended: number } {
  return readLoaderActivity(activity);
}

/** Whether the loader is waiting on a transform from the host. */
export function transformPending(): boolean {
  return transformsAsked > 0;
}

/** What generation `n` loaded, stubbed and failed on. */
/** Files outside node_modules that CommonJS `require` loaded in the current generation (the ES loader's hooks never see them). */
export function requiredThisGeneration(): string[] {
  return Object.keys(require.cache).filter((key) => !inPackages(key));
}

export function generationReport(n: number): Promise<GenerationReport> {
  return new Promise<GenerationReport>((resolve) => {
    pending.set(n, resolve);
    port?.postMessage({ type: 'report', generation: n });
  }).then((report) => {
    // What CommonJS `require` loaded on this thread, which the hooks never see.
    const own = commonJsReport();
    const failure = report.failure ?? own.failure;
    return {
      ...report,
      stubbed: [...new Set([...report.stubbed, ...own.stubbed])],
      assets: [...new Set([...report.assets, ...own.assets])],
      ...(failure ? { failure } : {}),
    };
  });
}
