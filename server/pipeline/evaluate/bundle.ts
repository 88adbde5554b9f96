/**
 * Bundling one workspace file into a single ES module the worker can import from a temp directory:
 * workspace sources (tsconfig `paths` honoured) are bundled, packages stay external at their absolute
 * workspace path, unsaved text wins over the disk, and an inline source map points back at the user's files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, stop, type Message, type OutputFile } from 'esbuild';
import type { EvaluationFailure } from '../types';
import { boundedLoadsPlugin, unsafeConfigs } from './boundedLoads';
import { externalsPlugin, overlayPlugin, type ExternalModule, type ResolutionCache } from './bundlePlugins';

export interface BundleRequest {
  /** Absolute path of the entry file. */
  file: string;
  /** Unsaved text by absolute path. */
  overlays: ReadonlyMap<string, string>;
  /** Top-level declarations marked `@toolSchema`, to be exported under an alias if they are not. */
  tagged: string[];
  /** Top-level factories to expose under an alias, so the worker can call them (discover/factories.ts). */
  factories?: string[];
}

export interface Bundle {
  /** The module's text, inline source map included. */
  code: string;
  /** Absolute paths of the workspace files the bundle read. */
  inputs: string[];
  tagged: Array<{ name: string; alias: string }>;
  /** Each factory's name and the export that exposes it. */
  factories: Array<{ name: string; alias: string }>;
  /** The zod modules the bundle imports (`zod`, `zod/v3`, `zod/mini`, ...): the worker registers them with the engine. */
  zodModules: ExternalModule[];
  ms: number;
}

export type BundleResult = Bundle | { failure: EvaluationFailure; inputs: string[]; ms: number };

const TAGGED_PREFIX = '__toolSchemaLensTagged_';
const FACTORY_PREFIX = '__toolSchemaLensFactory_';

function aliasesOf(file: string, names: string[], prefix: string) {
  // A CommonJS entry cannot gain an ES export; its tagged schemas are only found when it exports them itself.
  if (/\.c[jt]s$/i.test(file)) return [];
  return names.filter((name) => /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(name)).map((name) => ({ name, alias: prefix + name }));
}

function toFailure(message: Message, absWorkingDir: string): EvaluationFailure {
  const loc = message.location;
  const inUserFile = loc && (loc.namespace === 'file' || !loc.namespace);
  return {
    phase: 'bundle',
    reason: message.text,
    at: inUserFile ? { file: path.resolve(absWorkingDir, loc.file), line: loc.line - 1, character: loc.column } : undefined,
  };
}

/**
 * Rewrites the map's sources to absolute file URLs and inlines it, so stack frames name the user's files. esbuild's
 * sources are URL references relative to the map (a `%`, `#`, `?`, space, newline or non-ASCII letter in a name is
 * percent-encoded): they are resolved as URLs, never joined as paths, and callSite.ts turns the URL back into a path.
 */
function inlineSourceMap(js: OutputFile, map: OutputFile, outDir: string): string {
  const parsed = JSON.parse(map.text) as { sources: string[]; sourcesContent?: unknown };
  const base = pathToFileURL(outDir.endsWith(path.sep) ? outDir : outDir + path.sep);
  parsed.sources = parsed.sources.map((s) => (/^[a-z][\w+.-]*:/i.test(s) && !/^[A-Za-z]:[\\/]/.test(s) ? s : new URL(s, base).href));
  delete parsed.sourcesContent;
  const encoded = Buffer.from(JSON.stringify(parsed)).toString('base64');
  return `${js.text}\n//# sourceMappingURL=data:application/json;base64,${encoded}\n`;
}

/** Bundle `request.file` as if it were written to `outFile` (the source map is relative to it). */
export async function bundleFile(request: BundleRequest, outFile: string, cache?: ResolutionCache): Promise<BundleResult> {
  const started = performance.now();
  const entry = path.resolve(request.file);
  const aliases = aliasesOf(entry, request.tagged, TAGGED_PREFIX);
  const factories = aliasesOf(
    entry,
    (request.factories ?? []).filter((n) => n !== 'default'),
    FACTORY_PREFIX,
  );
  let result = await buildOnce(request, outFile, aliases, factories, cache);
  // A tagged name that is not a top-level binding must not cost the file its registrations.
  if ('failure' in result && aliases.length + factories.length > 0) {
    const retry = await buildOnce(request, outFile, [], [], cache);
    if (!('failure' in retry)) result = retry;
  }
  return { ...result, ms: performance.now() - started };
}

async function buildOnce(
  request: BundleRequest,
  outFile: string,
  aliases: Bundle['tagged'],
  factories: Bundle['factories'],
  cache?: ResolutionCache,
): Promise<BundleResult> {
  const entry = path.resolve(request.file);
  const exposed = [...aliases, ...factories];
  const appendix = exposed.length ? `\n;export { ${exposed.map((a) => `${a.name} as ${a.alias}`).join(', ')} };\n` : '';
  const entryUrl = pathToFileURL(entry).href;
  const absWorkingDir = path.dirname(entry);
  const zodModules = new Map<string, ExternalModule>();
  const noteZod = (m: ExternalModule) => {
    if (m.specifier === 'zod' || m.specifier.startsWith('zod/')) zodModules.set(m.href, m);
  };
  const unsafe = unsafeConfigs(absWorkingDir);
  if (unsafe?.packageJson) return { failure: { phase: 'bundle', reason: unsafe.packageJson }, inputs: [entry], ms: 0 };
  try {
    const result = await build({
      entryPoints: [entry],
      absWorkingDir,
      bundle: true,
      write: false,
      outfile: outFile,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: 'external',
      metafile: true,
      // A tsconfig that is a FIFO or a device is never handed to esbuild to read.
      ...(unsafe?.tsconfigSkipped ? { tsconfigRaw: '{}' } : {}),
      logLevel: 'silent',
      // Resolve packages as Node does, not as a web bundler would.
      conditions: [],
      mainFields: ['main'],
      // The bundle lives in a temp directory: file-relative globals keep meaning the entry file.
      define: {
        __dirname: JSON.stringify(absWorkingDir),
        __filename: JSON.stringify(entry),
        'import.meta.url': JSON.stringify(entryUrl),
        'import.meta.dirname': JSON.stringify(absWorkingDir),
        'import.meta.filename': JSON.stringify(entry),
      },
      banner: {
        js: 'import { createRequire as __toolSchemaLensCreateRequire } from "node:module"; const require = __toolSchemaLensCreateRequire(import.meta.url);',
      },
      // Bounded loads first: no file is read, from an overlay or from disk, before it is known to be a regular file.
      plugins: [boundedLoadsPlugin(), overlayPlugin(request.overlays, entry, appendix), externalsPlugin(noteZod, cache)],
    });
    const js = result.outputFiles.find((f) => f.path.endsWith('.mjs') || f.path.endsWith('.js'));
    const map = result.outputFiles.find((f) => f.path.endsWith('.map'));
    if (!js || !map) throw new Error('esbuild produced no output');
    const inputs = Object.keys(result.metafile.inputs)
      .filter((key) => !/^[\w-]+:/.test(key) || /^[A-Za-z]:[\\/]/.test(key))
      .map((key) => path.resolve(absWorkingDir, key));
    return { code: inlineSourceMap(js, map, path.dirname(outFile)), inputs, tagged: aliases, factories, zodModules: [...zodModules.values()], ms: 0 };
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    const failure: EvaluationFailure = errors?.length
      ? toFailure(errors[0], absWorkingDir)
      : { phase: 'bundle', reason: error instanceof Error ? error.message : String(error) };
    // The entry and the file that failed: either changing is a reason to bundle again.
    const inputs = [...new Set([entry, ...(failure.at ? [failure.at.file] : [])])];
    return { failure, inputs, ms: 0 };
  }
}

/** Ends esbuild's service process (a CLI that is done calls it, so that it exits only after that child has). */
export async function stopBundler(): Promise<void> {
  await stop();
  // esbuild's stop() kills its service but does not wait for it to exit (seen on a loaded machine): wait, bounded.
  await childrenGone(2000);
}

/** Resolves once this process has no live child (Linux: /proc), or after `ms`; elsewhere at once. */
async function childrenGone(ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && liveChildCount() > 0) await new Promise((resolve) => setTimeout(resolve, 20));
}

function liveChildCount(): number {
  if (process.platform !== 'linux') return 0;
  let count = 0;
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === process.pid && fields[0] !== 'Z') count++;
    } catch {
      // ended meanwhile
    }
  }
  return count;
}
