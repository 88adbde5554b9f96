/**
 * CommonJS workspace sources, on the worker's main thread, as `tsx` runs a CommonJS package or `node` runs what
 * `tsc --module commonjs` emitted: `require()` goes through Node's own CommonJS loader (its cache, `require.main`,
 * `module.exports`, cycles with partial exports), and these hooks only add what that loader lacks:
 *
 * - TypeScript and JSX compiled to CommonJS (the host's esbuild, asked over the synchronous channel: a `require`
 *   cannot wait on a message), unsaved editor text and the entry's appendix included;
 * - tsx's resolution where Node's finds nothing: `./tool.js` written for `./tool.ts`, tsconfig `paths`, a built
 *   path before the build, the workspace's own package by name before it is built;
 * - platform modules and the user's stubs, and text assets, as the ES module hooks serve them (hooks.ts).
 *
 * Each evaluation is a generation here too: `install.ts` empties the workspace's part of `require.cache` before it.
 */
import Module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readWorkspaceFile } from '../../../boundedRead';
import { bundlerDefines } from '../../bundlerDefines';
import { forgetModuleFormats } from '../../moduleFormat';
import { aliasBases, builtSourceBases, fileCandidates, firstExisting } from './candidates';
import { TEXT_ASSETS } from './assets';
import { isPlatformModule, matchesStub, stubExports } from './platformStubs';
import { transformKey, type LoadFailure, type PreparedEntry } from './protocol';
import { transformSync } from './syncTransform';
import { forgetTsconfigs, tsconfigFor } from '../../tsconfig';
import { unbuiltPackageSource } from './unbuiltPackages';
import { withoutNoting } from '../refusals';

interface CommonJsModule {
  filename: string;
  exports: unknown;
  _compile(code: string, filename: string): unknown;
}
type Extension = (module: CommonJsModule, filename: string) => void;
interface Loader {
  _extensions: Record<string, Extension>;
  _resolveFilename: (request: string, parent: { filename?: string | null } | undefined, isMain?: boolean, options?: unknown) => string;
}

/** What the current generation loads, as the main thread sees it. */
interface Generation {
  overlays: ReadonlyMap<string, string>;
  entry: { file: string; appendix: string; prepared?: PreparedEntry };
  stubs: readonly string[];
  stubbed: Set<string>;
  assets: Set<string>;
  /** The text each compiled file was read as: where a failed `require` is written. */
  texts: Map<string, string>;
  failure?: LoadFailure;
}

/** What the main thread adds to a generation's report. */
export interface CommonJsReport {
  stubbed: string[];
  assets: string[];
  failure?: LoadFailure;
}

const loader = Module as unknown as Loader;
const TYPESCRIPT = ['.ts', '.tsx', '.cts', '.jsx'];
const KEPT = 2000;
/** The host's CommonJS code per file, by what it was asked: kept across generations, as the hooks keep theirs. */
const compiled = new Map<string, { source: string; options: string; code: string; format: string }>();
let current: Generation | undefined;

const inPackages = (file: string) => /[\\/]node_modules[\\/]/.test(file);
const isRelative = (request: string) => /^\.{1,2}(\/|$)/.test(request) || path.isAbsolute(request);

/** Starts what a generation's CommonJS side needs: its overlays, its entry, its stubs; tsconfig and package.json read anew. */
export function startCommonJsGeneration(overlays: ReadonlyMap<string, string>, entry: Generation['entry'], stubs: readonly string[]): void {
  forgetTsconfigs();
  forgetModuleFormats();
  current = { overlays, entry, stubs, stubbed: new Set(), assets: new Set(), texts: new Map() };
}

/** What the current generation stubbed, loaded as assets and failed on, on this thread. */
export function commonJsReport(): CommonJsReport {
  return { stubbed: [...(current?.stubbed ?? [])], assets: [...(current?.assets ?? [])], ...(current?.failure ? { failure: current.failure } : {}) };
}

/** The stub `require(request)` gets, if the request is one the check serves by a stub. */
export function commonJsStub(request: string): unknown {
  if (!isPlatformModule(request) && !matchesStub(request, current?.stubs ?? [])) return undefined;
  current?.stubbed.add(request);
  return stubExports();
}

/** Installs the CommonJS side: compilers for TypeScript, JSX and text assets, and tsx's resolution as a fallback. */
export function installCommonJs(): void {
  for (const extension of TYPESCRIPT) loader._extensions[extension] = compileTypeScript;
  for (const extension of TEXT_ASSETS) loader._extensions[extension] = loadAsset;
  const resolveFilename = loader._resolveFilename;
  loader._resolveFilename = function (request, parent, isMain, options) {
    try {
      return resolveFilename.call(this, request, parent, isMain, options);
    } catch (error) {
      const from = parent?.filename ?? undefined;
      if (!from || inPackages(from) || (error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
      const found = withoutNoting(() => typeScriptResolution(request, from));
      if (found) return found;
      noteUnresolved(request, from);
      throw error;
    }
  };
}

const compileTypeScript: Extension = (module, filename) => {
  const g = current;
  const overlay = g?.overlays.get(filename);
  let text = overlay;
  if (text === undefined) {
    const read = readWorkspaceFile(filename);
    if (!('text' in read))
      throw fail(filename, { reason: 'skipped' in read ? `${filename} is ${read.skipped}; it is not read` : `${filename} does not exist` });
    text = read.text;
  }
  g?.texts.set(filename, text);
  const source = g?.entry.file === filename ? text + g.entry.appendix : text;
  const made = commonJsCode(filename, source);
  if ('failure' in made) throw fail(filename, made.failure);
  if (made.format !== 'commonjs') {
    // As Node says of a require() of a module with a top-level await: it cannot be loaded synchronously.
    const error = new Error(`require() cannot load ${filename}: it awaits at its top level, so it runs only as an ES module (import it instead)`);
    (error as NodeJS.ErrnoException).code = 'ERR_REQUIRE_ASYNC_MODULE';
    throw error;
  }
  module._compile(made.code, filename);
};

function commonJsCode(file: string, source: string): { code: string; format: string } | { failure: LoadFailure } {
  const { compilerOptions } = tsconfigFor(file);
  const options = transformKey(compilerOptions, bundlerDefines(file), 'commonjs');
  const known = compiled.get(file);
  if (known && known.source === source && known.options === options) return known;
  const prepared = current?.entry.file === file ? current.entry.prepared : undefined;
  if (prepared && prepared.source === source && prepared.options === options) return prepared;
  const reply = transformSync({ file, source, compilerOptions, format: 'commonjs' });
  if (reply.code === undefined) return { failure: reply.failure ?? { reason: `${file} could not be transformed` } };
  const made = { source, options, code: reply.code, format: reply.format ?? 'commonjs' };
  compiled.delete(file);
  if (!reply.volatile) compiled.set(file, made);
  if (compiled.size > KEPT) compiled.delete(compiled.keys().next().value as string);
  return made;
}

const loadAsset: Extension = (module, filename) => {
  current?.assets.add(filename);
  const extension = path.extname(filename).toLowerCase();
  const read = readWorkspaceFile(filename);
  module.exports = TEXT_ASSETS.has(extension) && 'text' in read ? read.text : pathToFileURL(filename).href;
};

/** Where tsx finds what Node's CommonJS resolution did not: TypeScript for `.js`, tsconfig aliases, unbuilt sources. */
function typeScriptResolution(request: string, from: string): string | undefined {
  const overlays = current?.overlays;
  if (isRelative(request)) {
    const base = path.resolve(path.dirname(from), request);
    return (
      firstExisting(fileCandidates(base), overlays) ??
      builtSourceBases(base)
        .map((b) => firstExisting(fileCandidates(b), overlays))
        .find(Boolean)
    );
  }
  for (const base of aliasBases(request, tsconfigFor(from))) {
    const found = firstExisting(fileCandidates(base), overlays);
    if (found) return found;
  }
  if (request.startsWith('#')) return undefined;
  const name = request
    .split('/')
    .slice(0, request.startsWith('@') ? 2 : 1)
    .join('/');
  return unbuiltPackageSource(name, `.${request.slice(name.length)}`, from, overlays);
}

/** A require that resolved nowhere, placed where the requiring file writes it, as the ES module hooks place an import. */
function noteUnresolved(request: string, from: string): void {
  if (!current || current.failure) return;
  const isPackage = !isRelative(request) && !request.startsWith('#') && aliasBases(request, tsconfigFor(from)).length === 0;
  const missingPackage = isPackage
    ? request
        .split('/')
        .slice(0, request.startsWith('@') ? 2 : 1)
        .join('/')
    : undefined;
  current.failure = { reason: `Could not resolve ${JSON.stringify(request)}`, at: siteOf(from, request), ...(missingPackage ? { missingPackage } : {}) };
}

function siteOf(file: string, specifier: string): LoadFailure['at'] {
  const text = current?.texts.get(file) ?? '';
  const index = Math.max(text.indexOf(`'${specifier}'`), text.indexOf(`"${specifier}"`), text.indexOf(`\`${specifier}\``));
  if (index < 0) return { file, line: 0, character: 0 };
  const before = text.slice(0, index);
  return { file, line: before.split('\n').length - 1, character: index - (before.lastIndexOf('\n') + 1) };
}

function fail(file: string, failure: LoadFailure): SyntaxError {
  if (current) current.failure ??= failure.at ? failure : { ...failure, at: { file, line: 0, character: 0 } };
  return new SyntaxError(failure.reason);
}
