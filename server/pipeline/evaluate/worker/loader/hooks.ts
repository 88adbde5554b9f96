/**
 * Node's module loader hooks for an evaluation worker (registered by `install.ts`; Node runs them on a thread of
 * their own). Workspace code is loaded by Node itself, in place, as `tsx src/index.ts` would run it: ESM and
 * CommonJS interop, top-level await and cycles, `import.meta.url` and relative file reads are Node's. The hooks
 * only add what Node lacks or what the check needs:
 *
 * - TypeScript and JSX (`transform.ts`), tsx's resolution (`candidates.ts`, `tsconfig.ts`), unsaved editor text;
 * - each generation's workspace modules under URLs of their own (`?tsl=<generation>`), packages loaded once;
 * - a tool library's entry point, imported from workspace code wherever the library resolves (node_modules or a
 *   workspace package), routed through its recording shim; every zod module announced to the worker as it loads;
 * - platform modules served by stubs (`platformStubs.ts`), asset imports (`.sql`, `.md`, ...) as their text.
 */
import { realpathSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { readWorkspaceFile } from '../../../project/boundedRead';
import { shimFor } from '../../../sdks';
import { shimSource } from '../recorders/sdkShims';
import { aliasBases, builtSourceBases, fileCandidates, firstExisting, unreadableCandidate } from './candidates';
import { unbuiltPackageSource } from './unbuiltPackages';
import { canonicalSpecifier } from './packageIdentity';
import { importedNames, isPlatformModule, isWorkerThreads, matchesStub, stubSource, workerThreadsSource } from './platformStubs';
import {
  CONVERSION_KEY,
  GENERATION_PARAM,
  ZOD_SEEN_KEY,
  type GenerationReport,
  type LoadFailure,
  type ToHooks,
  type TransformReply,
  transformKey,
} from './protocol';
import { canStripHere, stripHere } from './stripTypes';
import { watchForOrphaning, type OrphanWatch } from '../sandbox/orphanWatch';
import { counted, type LoaderActivity } from './activity';
import { TEXT_ASSETS } from './assets';
import { bundlerDefines } from '../../bundlerDefines';
import { forgetTsconfigs, tsconfigFor } from '../../tsconfig';
import { forgetModuleFormats, moduleFormatOf, type ModuleFormat } from '../../moduleFormat';
import { commonJsExports, commonJsFacade } from './commonJsFacade';
import { runtimeExports, withoutTypeOnlyNames } from './typeOnlyNames';

interface Context {
  parentURL?: string;
  conditions?: string[];
  format?: string | null;
  importAttributes?: Record<string, string>;
}
interface Resolved {
  url: string;
  format?: string | null;
  shortCircuit?: boolean;
}
interface Loaded {
  format: string;
  source?: string | Buffer | null;
  shortCircuit?: boolean;
}
type NextResolve = (specifier: string, context?: Context) => Promise<Resolved>;
type NextLoad = (url: string, context?: Context) => Promise<Loaded>;

interface Generation {
  overlays: Map<string, string>;
  entry: { file: string; appendix: string };
  inputs: Set<string>;
  stubbed: Set<string>;
  assets: Set<string>;
  /** The texts loaded, by path: where a failed import is written, which names a stub must export. */
  texts: Map<string, string>;
  /** Run-time export names of workspace modules, as worked out for dropping type-only names (typeOnlyNames.ts). */
  exportNames: Map<string, ReadonlySet<string> | undefined>;
  failure?: LoadFailure;
}

/**
 * Files outside node_modules this worker loaded outside any generation (a linked package's build, reached by its
 * name): loaded once, they shape every later evaluation, which the result cache must know (host/resultCache.ts).
 */
const loadedOnce = new Set<string>();

const STUB = 'tool-schema-lens-stub:';
/** The modules the user asked to stub, as the latest generation gave them (packages import them too). */
let userStubs: readonly string[] = [];
const SHIM = 'tool-schema-lens-shim:';
const ZOD = 'tool-schema-lens-zod:';
/** Generations kept after their report: a module may still import lazily afterwards. */
const KEPT_GENERATIONS = 8;
const NODE_LOADS = new Set(['.js', '.mjs', '.cjs', '.json', '.node', '.wasm']);

const SCRIPTS = new Set(['.ts', '.mts', '.cts', '.tsx', '.jsx', '.js', '.mjs']);
/** Extensions Node cannot load by itself: always ours, wherever the file is. */
const TYPESCRIPT = new Set(['.ts', '.mts', '.cts', '.tsx', '.jsx']);

let port: MessagePort | undefined;
/** Generation starts this thread awaits on the port (Node 22+): while any is due, the port holds the loop. */
let awaited = 0;

/**
 * Nothing else keeps this thread's event loop up while a hook awaits the worker's answer; on Node 22+ a loop with
 * nothing referenced stops waiting altogether. The port is referenced exactly while an answer is due.
 */
function hold(): void {
  if (awaited++ === 0) port?.ref();
}

function release(): void {
  if (--awaited === 0) port?.unref();
}
let transformIds = 0;
const transforms = new Map<number, (reply: TransformReply) => void>();
const generations = new Map<number, Generation>();
const waiting = new Map<number, Array<(g: Generation) => void>>();

/** Shared with the worker's thread: whether an import is loading (activity.ts). */
let activity: LoaderActivity | undefined;

export function initialize(data: { port: MessagePort; orphanWatch: OrphanWatch; activity?: LoaderActivity }): void {
  port = data.port;
  activity = data.activity;
  watchForOrphaning(data.orphanWatch);
  port.on('message', handle);
  port.unref();
}

function handle(message: ToHooks): void {
  {
    if (message.type === 'start') {
      userStubs = message.stubs;
      forgetTsconfigs();
      forgetModuleFormats();
      realPaths.clear();
      const generation: Generation = {
        overlays: new Map(message.overlays),
        entry: message.entry,
        inputs: new Set(),
        stubbed: new Set(),
        assets: new Set(),
        texts: new Map(),
        exportNames: new Map(),
      };
      generations.set(message.generation, generation);
      const prepared = message.entry.prepared;
      if (prepared) keepTransform(message.entry.file, { source: prepared.source, options: prepared.options, code: prepared.code, format: prepared.format });
      for (const older of generations.keys()) if (older <= message.generation - KEPT_GENERATIONS) generations.delete(older);
      for (const wake of waiting.get(message.generation) ?? []) wake(generation);
      waiting.delete(message.generation);
    } else if (message.type === 'transformed') {
      transforms.get(message.id)?.(message);
      transforms.delete(message.id);
      if (transforms.size === 0) port?.unref();
    } else if (message.type === 'report') {
      const g = generations.get(message.generation);
      const report: GenerationReport = {
        type: 'report',
        generation: message.generation,
        inputs: [...(g?.inputs ?? [])],
        loadedOnce: [...loadedOnce],
        stubbed: [...(g?.stubbed ?? [])],
        assets: [...(g?.assets ?? [])],
        ...(g?.failure ? { failure: g.failure } : {}),
      };
      port?.postMessage(report);
    }
  }
}

function generationNumber(url: string | undefined): number | undefined {
  if (!url) return undefined;
  const query = url.indexOf('?');
  if (query < 0) return undefined;
  const value = new URLSearchParams(url.slice(query + 1)).get(GENERATION_PARAM);
  return value === null ? undefined : Number(value);
}

/** The generation's state; the worker posts it before importing, but the port and the loader are two channels. */
function generationOf(url: string | undefined): Promise<Generation> | Generation | undefined {
  const n = generationNumber(url);
  if (n === undefined) return undefined;
  // The worker posts a generation's start before importing in it. On Node 22+ a hook may run while the worker's
  // thread waits on it, so a start this thread's loop has not delivered yet is taken from the port at once.
  if (canStripHere) {
    for (let next = receiveMessageOnPort(port!); next && !generations.has(n); next = receiveMessageOnPort(port!)) handle(next.message as ToHooks);
  }
  const known = generations.get(n);
  if (known) return known;
  if (!canStripHere) return new Promise((resolve) => waiting.set(n, [...(waiting.get(n) ?? []), resolve]));
  hold();
  return new Promise((resolve) =>
    waiting.set(n, [
      ...(waiting.get(n) ?? []),
      (g: Generation) => {
        release();
        resolve(g);
      },
    ]),
  );
}

function withGeneration(url: string, generation: number | undefined): string {
  if (generation === undefined) return url;
  const u = new URL(url);
  u.searchParams.set(GENERATION_PARAM, String(generation));
  return u.href;
}

const inPackages = (file: string) => /[\\/]node_modules[\\/]/.test(file);
const isBare = (specifier: string) => !/^(\.{1,2}(\/|$)|\/|file:|[A-Za-z]:[\\/]|node:|data:)/.test(specifier);
const isZod = (specifier: string) => specifier === 'zod' || specifier.startsWith('zod/');
/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const pathOf = (url: string | undefined) => (url?.startsWith('file:') ? fileURLToPath(url) : undefined);

export function resolve(specifier: string, context: Context, nextResolve: NextResolve): Promise<Resolved> {
  return counted(activity, () => resolveCounted(specifier, context, nextResolve));
}

async function resolveCounted(specifier: string, context: Context, nextResolve: NextResolve): Promise<Resolved> {
  const parentFile = pathOf(context.parentURL);
  const n = generationNumber(context.parentURL);
  const g = await generationOf(context.parentURL);
  if (isWorkerThreads(specifier) && !context.parentURL?.startsWith(STUB)) return { url: `${STUB}worker_threads`, shortCircuit: true };
  if (isPlatformModule(specifier) || matchesStub(specifier, userStubs)) {
    g?.stubbed.add(specifier);
    const params = new URLSearchParams({
      specifier,
      ...(parentFile ? { from: parentFile } : {}),
      ...(n !== undefined ? { [GENERATION_PARAM]: String(n) } : {}),
    });
    return { url: `${STUB}${encodeURIComponent(specifier)}?${params.toString()}`, shortCircuit: true };
  }
  let resolved: Resolved;
  try {
    resolved = await nextResolve(specifier, context);
  } catch (error) {
    const found =
      typeScriptResolution(specifier, parentFile, g) ??
      (await packageSubpath(specifier, context, nextResolve)) ??
      unbuiltWorkspacePackage(specifier, parentFile, g);
    if (!found) {
      if (g && parentFile) {
        const why = relativeBase(specifier, parentFile);
        const reason = (why && unreadableCandidate(fileCandidates(why))) ?? `Could not resolve ${JSON.stringify(specifier)}`;
        // A bare name no tsconfig alias covers names a package; `#internal` and aliases are the workspace's own.
        const isPackage = why === undefined && isBare(specifier) && !specifier.startsWith('#') && aliasBases(specifier, tsconfigFor(parentFile)).length === 0;
        const missingPackage = isPackage ? packageName(specifier) : undefined;
        g.failure ??= { reason, at: importSite(g, parentFile, specifier), ...(missingPackage ? { missingPackage } : {}) };
        // Where the file would be counts as read: when it appears (a branch switched back), this file runs again.
        if (why) for (const candidate of fileCandidates(why)) g.inputs.add(candidate);
      }
      throw error;
    }
    resolved = { url: pathToFileURL(found).href, format: null };
  }
  const file = realFile(pathOf(resolved.url));
  if (!file) return { ...resolved, shortCircuit: true };
  resolved = { ...resolved, url: pathToFileURL(file).href + searchOf(resolved.url) };
  const fromWorkspace = parentFile !== undefined && !inPackages(parentFile);
  const named = isBare(specifier) ? canonicalSpecifier(specifier, file) : specifier;
  if (isBare(specifier) && fromWorkspace && shimFor(named)) return shimResolution(named, resolved.url, n, context, nextResolve);
  if (isBare(specifier) && (isZod(named) || named === 'zod-to-json-schema')) return { url: `${ZOD}${resolved.url}`, format: 'module', shortCircuit: true };
  const generation = inPackages(file) ? undefined : (n ?? generationNumber(resolved.url));
  return { url: withGeneration(resolved.url, generation), format: resolved.format, shortCircuit: true };
}

const realPaths = new Map<string, string>();

/**
 * The real path, as Node's own resolution gives it (and CommonJS's): a package reached through a symlinked
 * node_modules is one module, not two. Checked here with libuv's realpath because Node 20's resolver, run in this
 * thread, can return the symlinked path after other file-system calls of the thread (seen after a stat of a FIFO),
 * which loads a CommonJS dependency twice and breaks its default import.
 */
function realFile(file: string | undefined): string | undefined {
  if (!file) return undefined;
  let real = realPaths.get(file);
  if (real === undefined) {
    try {
      real = realpathSync.native(file);
    } catch {
      real = file; // not on disk: unsaved editor text
    }
    realPaths.set(file, real);
  }
  return real;
}

function searchOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? '' : url.slice(query);
}

/**
 * A package subpath written without its extension (`@scope/sdk/server/mcp`), as TypeScript's `node` and `bundler`
 * resolution and tsx accept it: tried with `.js`, then as a folder's `index.js`, through the package's exports.
 */
async function packageSubpath(specifier: string, context: Context, nextResolve: NextResolve): Promise<string | undefined> {
  const parts = specifier.split('/');
  if (!isBare(specifier) || parts.length < (specifier.startsWith('@') ? 3 : 2) || /\.[cm]?js$/.test(specifier)) return undefined;
  for (const candidate of [`${specifier}.js`, `${specifier}/index.js`]) {
    try {
      return pathOf((await nextResolve(candidate, context)).url);
    } catch {
      // the next form
    }
  }
  return undefined;
}

/** A bare import of the workspace's own package (or a linked sibling) whose built files are not there: its source. */
function unbuiltWorkspacePackage(specifier: string, parentFile: string | undefined, g: Generation | undefined): string | undefined {
  if (!parentFile || !isBare(specifier) || specifier.startsWith('#') || inPackages(parentFile)) return undefined;
  const name = packageName(specifier);
  return unbuiltPackageSource(name, `.${specifier.slice(name.length)}`, parentFile, g?.overlays);
}

/** The absolute path a relative, absolute or file: specifier names, as written. */
function relativeBase(specifier: string, parentFile: string | undefined): string | undefined {
  if (specifier.startsWith('file:')) return fileURLToPath(specifier);
  if (isBare(specifier) || !parentFile) return undefined;
  return fileURLToPath(new URL(specifier, pathToFileURL(parentFile)));
}

function typeScriptResolution(specifier: string, parentFile: string | undefined, g: Generation | undefined): string | undefined {
  const base = relativeBase(specifier, parentFile);
  if (base) {
    const found = firstExisting(fileCandidates(base), g?.overlays);
    if (found) return found;
    for (const source of builtSourceBases(base)) {
      const built = firstExisting(fileCandidates(source), g?.overlays);
      if (built) return built;
    }
    return undefined;
  }
  if (!parentFile || !isBare(specifier)) return undefined;
  for (const base of aliasBases(specifier, tsconfigFor(parentFile))) {
    const found = firstExisting(fileCandidates(base), g?.overlays);
    if (found) return found;
  }
  return undefined;
}

async function shimResolution(specifier: string, real: string, n: number | undefined, context: Context, nextResolve: NextResolve): Promise<Resolved> {
  let server: string | undefined;
  for (const companion of shimFor(specifier)?.companions ?? []) {
    try {
      server = (await nextResolve(companion, { ...context, parentURL: real })).url;
      break;
    } catch {
      // Not installed beside the library: the next companion.
    }
  }
  const params = new URLSearchParams({ specifier, real, ...(server ? { server } : {}), ...(n !== undefined ? { [GENERATION_PARAM]: String(n) } : {}) });
  return { url: `${SHIM}${encodeURIComponent(specifier)}?${params.toString()}`, format: 'module', shortCircuit: true };
}

/** Where `parentFile` writes the import of `specifier`, 0-based. */
function importSite(g: Generation, parentFile: string, specifier: string): LoadFailure['at'] {
  const text = g.texts.get(parentFile) ?? '';
  const index = Math.max(text.indexOf(`'${specifier}'`), text.indexOf(`"${specifier}"`), text.indexOf(`\`${specifier}\``));
  if (index < 0) return { file: parentFile, line: 0, character: 0 };
  const before = text.slice(0, index);
  const line = before.split('\n').length - 1;
  return { file: parentFile, line, character: index - (before.lastIndexOf('\n') + 1) };
}

export function load(url: string, context: Context, nextLoad: NextLoad): Promise<Loaded> {
  return counted(activity, () => loadCounted(url, context, nextLoad));
}

async function loadCounted(url: string, context: Context, nextLoad: NextLoad): Promise<Loaded> {
  if (url === `${STUB}worker_threads`) return generated(workerThreadsSource());
  if (url.startsWith(STUB)) return generated(stubLoad(url));
  if (url.startsWith(SHIM)) {
    const params = new URLSearchParams(url.slice(url.indexOf('?') + 1));
    const spec = shimFor(params.get('specifier') ?? '');
    if (spec) return generated(shimSource({ spec, real: params.get('real') ?? '', server: params.get('server') ?? undefined, format: 'esm' }));
  }
  if (url.startsWith(ZOD)) return generated(zodWrapper(url.slice(ZOD.length)));
  const file = pathOf(url);
  if (!file) return nextLoad(url, context);
  const g = await generationOf(url);
  const extension = extname(file).toLowerCase();
  const workspace = g !== undefined;
  if (workspace) g.inputs.add(file);
  else if (!inPackages(file)) loadedOnce.add(file);
  const scriptForUs = SCRIPTS.has(extension) && (TYPESCRIPT.has(extension) || (workspace && context.format !== 'commonjs'));
  const asset = !NODE_LOADS.has(extension) && !SCRIPTS.has(extension);
  const jsonWithoutAttribute = extension === '.json' && context.importAttributes?.type !== 'json';
  if (!scriptForUs && !asset && !jsonWithoutAttribute) return nextLoad(url, context);
  const text = readText(file, g);
  if (jsonWithoutAttribute) return generated(jsonModule(text));
  if (asset) {
    g?.assets.add(file);
    return generated(`export default ${JSON.stringify(TEXT_ASSETS.has(extension) ? text : url)};`);
  }
  g?.texts.set(file, text);
  const source = g && g.entry.file === file ? text + g.entry.appendix : text;
  const format = TYPESCRIPT.has(extension) ? moduleFormatOf(file) : 'module';
  // Node 22+ strips types on this thread, as ES modules only: a CommonJS source there is Node's CommonJS loader's.
  if (canStripHere && format === 'commonjs') return { format: 'commonjs', shortCircuit: true };
  const reply = await transformHere(file, source, format);
  if (reply.code !== undefined && reply.format === 'commonjs')
    return generated(commonJsFacade(file, await exportedNames(file, reply.code, g), g?.entry.file === file));
  if (reply.code !== undefined) return generated(await withoutTypeOnlyNames(reply.code, (specifier) => exportsOf(specifier, file, g)));
  const failure = reply.failure ?? { reason: `${file} could not be transformed` };
  if (g) g.failure ??= failure;
  const error = new SyntaxError(failure.reason);
  throw error;
}

const KEPT_TRANSFORMS = 2000;
/** The host's last answer per file, by what it was asked: text, compiler options and the bundler's constants. */
const transformed = new Map<string, { source: string; options: string; code: string; format: ModuleFormat }>();

/**
 * A file answered before with the same text and options is not asked again: each evaluation is a generation of
 * its own, so every module of a server's graph would otherwise cross to the host and back once per evaluation.
 */
/**
 * A workspace source as this thread runs it: an ES module stripped here where Node 22+ can, else the host's transform.
 * Stripped here for every use, loading and reading an imported module's names alike: a round trip to the host from
 * inside a load can wait on the thread that is waiting on that load (Node 24), and never end.
 */
function transformHere(file: string, source: string, format: ModuleFormat): Promise<TransformReply> {
  if (canStripHere && format === 'module') return Promise.resolve({ type: 'transformed', id: 0, format, ...stripHere(file, source) });
  return transformKnown(file, source, format);
}

async function transformKnown(file: string, source: string, format: ModuleFormat): Promise<TransformReply> {
  const { compilerOptions } = tsconfigFor(file);
  const options = transformKey(compilerOptions, bundlerDefines(file), format);
  const known = transformed.get(file);
  if (known && known.source === source && known.options === options) return { type: 'transformed', id: 0, code: known.code, format: known.format };
  const reply = await transformInHost(file, source, compilerOptions, format);
  if (reply.code !== undefined && !reply.volatile) keepTransform(file, { source, options, code: reply.code, format: reply.format ?? format });
  else transformed.delete(file);
  return reply;
}

/**
 * The names a CommonJS source's facade exports: its own, and those of the workspace sources it re-exports
 * everything from (`export * from './tools'`), followed as far as they are workspace TypeScript.
 */
async function exportedNames(file: string, code: string, g: Generation | undefined, seen = new Set<string>()): Promise<string[]> {
  seen.add(file);
  const { names, reexports } = commonJsExports(code);
  for (const specifier of reexports) {
    const target = typeScriptResolution(specifier, file, g);
    if (!target || seen.has(target) || !TYPESCRIPT.has(extname(target).toLowerCase())) continue;
    const text = g?.overlays.get(target) ?? readOrEmpty(target);
    const reply = await transformKnown(target, text, 'commonjs');
    if (reply.code !== undefined && reply.format === 'commonjs') names.push(...(await exportedNames(target, reply.code, g, seen)));
  }
  return names;
}

/**
 * What the workspace TypeScript module `specifier` (imported from `from`) exports at run time, or undefined when it
 * is not one, or cannot be known: once per generation and module.
 */
function exportsOf(
  specifier: string,
  from: string,
  g: Generation | undefined,
  chain: ReadonlySet<string> = new Set(),
): Promise<ReadonlySet<string> | undefined> {
  if (/^(node|data|https?):/.test(specifier)) return Promise.resolve(undefined);
  let target: string | undefined;
  try {
    target = typeScriptResolution(specifier, from, g);
  } catch {
    return Promise.resolve(undefined);
  }
  if (!g || !target || inPackages(target) || !TYPESCRIPT.has(extname(target).toLowerCase())) return Promise.resolve(undefined);
  // A cycle back to a module whose names are being worked out: unknown, so nothing is dropped on its account.
  if (chain.has(target)) return Promise.resolve(undefined);
  // Only finished answers are shared: two modules working out each other's names must not wait on each other.
  if (g.exportNames.has(target)) return Promise.resolve(g.exportNames.get(target));
  const inner = new Set([...chain, target]);
  return (async () => {
    const text = g.overlays.get(target) ?? readOrEmpty(target);
    const source = g.entry.file === target ? text + g.entry.appendix : text;
    const format = moduleFormatOf(target);
    const reply = await transformHere(target, source, format);
    if (reply.code === undefined) return undefined;
    if (reply.format === 'commonjs') return new Set(['default', ...(await exportedNames(target, reply.code, g))]);
    return runtimeExports(reply.code, (next) => exportsOf(next, target, g, inner));
  })().then((names) => {
    if (chain.size === 0) g.exportNames.set(target, names);
    return names;
  });
}

function keepTransform(file: string, kept: { source: string; options: string; code: string; format: ModuleFormat }): void {
  transformed.delete(file);
  transformed.set(file, kept);
  if (transformed.size > KEPT_TRANSFORMS) transformed.delete(transformed.keys().next().value as string);
}

function transformInHost(file: string, source: string, compilerOptions: Record<string, unknown>, format: ModuleFormat): Promise<TransformReply> {
  const id = ++transformIds;
  return new Promise((resolve) => {
    transforms.set(id, resolve);
    // This thread's loop must stay up while the answer is on its way: nothing else holds it.
    port?.ref();
    port?.postMessage({ type: 'transform', id, file, source, compilerOptions, format });
  });
}

/**
 * A JSON file imported without `with { type: 'json' }`, as a bundler (or `tsc` for CommonJS) reads it: the value as
 * the default export and each top-level key as a name (`import { version } from '../package.json'`).
 */
function jsonModule(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return `export default ${text};`; // Node's own SyntaxError, where the file is
  }
  const lines = [`const json = ${text};`, 'export default json;'];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const names = Object.keys(value).filter((key) => key !== 'default');
    names.forEach((key, i) => lines.push(`const k${i} = json[${JSON.stringify(key)}];`));
    if (names.length) lines.push(`export { ${names.map((key, i) => `k${i} as ${JSON.stringify(key)}`).join(', ')} };`);
  }
  return lines.join('\n');
}

function generated(source: string): Loaded {
  return { format: 'module', source, shortCircuit: true };
}

function readText(file: string, g: Generation | undefined): string {
  const overlay = g?.overlays.get(file);
  if (overlay !== undefined) return overlay;
  const read = readWorkspaceFile(file);
  if ('text' in read) return read.text;
  const failure = { reason: 'skipped' in read ? `${file} is ${read.skipped}; it is not read` : `${file} does not exist` };
  if (g) g.failure ??= failure;
  throw new Error(failure.reason);
}

function stubLoad(url: string): string {
  const params = new URLSearchParams(url.slice(url.indexOf('?') + 1));
  const specifier = params.get('specifier') ?? '';
  const from = params.get('from');
  let names: string[] = [];
  if (from) {
    const n = generationNumber(url);
    const text = (n !== undefined ? generations.get(n)?.texts.get(from) : undefined) ?? readOrEmpty(from);
    names = importedNames(text, specifier);
  }
  return stubSource(specifier, names);
}

function readOrEmpty(file: string): string {
  const read = readWorkspaceFile(file);
  return 'text' in read ? read.text : '';
}

/**
 * Re-exports a zod module (or zod-to-json-schema) after announcing it, so the engine builds with the workspace's
 * own copy; its JSON Schema converters (`toJSONSchema`, `z.toJSONSchema`, `zodToJsonSchema`) report each conversion,
 * which is how a tool a low-level server lists is traced back to its zod schema.
 */
function zodWrapper(real: string): string {
  const href = JSON.stringify(real);
  return [
    `import * as real from ${href};`,
    `export * from ${href};`,
    `const converted = globalThis[Symbol.for(${JSON.stringify(CONVERSION_KEY)})];`,
    'const wrap = (fn) => (typeof fn === "function" && converted ? function (...args) { const out = fn.apply(this, args); converted(args[0], out); return out; } : fn);',
    'export const toJSONSchema = wrap(real.toJSONSchema);',
    'export const zodToJsonSchema = wrap(real.zodToJsonSchema);',
    'export const z = real.z && typeof real.z === "object" && typeof real.z.toJSONSchema === "function" ? { ...real.z, toJSONSchema } : real.z;',
    'export default real.default === real.z ? z : real.default === real.zodToJsonSchema ? zodToJsonSchema : real.default;',
    `if (!("zodToJsonSchema" in real)) globalThis[Symbol.for(${JSON.stringify(ZOD_SEEN_KEY)})]?.(real, ${href});`,
  ].join('\n');
}
