/**
 * A workspace source as Node runs it under `tsx`: TypeScript and JSX stripped by esbuild's transform (one file,
 * no bundling), in the module system the package runs it in (evaluate/moduleFormat.ts): an ES module, or CommonJS
 * with TypeScript's `esModuleInterop` (named imports of CommonJS modules and JSON, `export =`, `require.main`), with an
 * inline source map naming the real file. A CommonJS file with a top-level `await` cannot be CommonJS: it comes back
 * as an ES module, as `tsc` or a bundler would have to emit it. Runs in the host: the worker's
 * loader asks for each file over IPC (loader/hooks.ts), because esbuild is a child process and a worker under
 * Node's permission model may start none. Transforms are cached by file and text, so a re-check after an edit
 * transforms only what changed.
 *
 * The file-relative globals mean this file, whatever URL the loader gave it: `import.meta.url` (a main guard compares it with `process.argv[1]`),
 * `import.meta.dirname`/`filename`, and in an ES module the CommonJS `__dirname`, `__filename` and `require` that
 * TypeScript sources written for CommonJS use. A name the file declares itself is left alone (esbuild's `define`
 * only replaces unbound names). A bundler's `define` constants are replaced as the bundler would (bundlerDefines.ts).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import { stop, transform, type Loader, type Message } from 'esbuild';
import { expandImportGlobs } from './importGlob';
import { bundlerDefines } from '../bundlerDefines';
import type { LoadFailure } from '../protocol';
import type { ModuleFormat } from '../moduleFormat';

const LOADERS: Record<string, Loader> = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.jsx': 'jsx', '.js': 'js', '.mjs': 'js' };

const META = '__toolSchemaLensMeta';

/**
 * The module text, or where the source failed to parse. `volatile`: the text depends on more than the file's own
 * (an `import.meta.glob` expanded against the folder), so no cache may keep it.
 */
export type Transformed = { code: string; format: ModuleFormat; volatile?: true } | { failure: LoadFailure };

const CACHE_LIMIT = 2000;
const cache = new Map<string, { source: string; options: string; result: Transformed }>();

/** `source` (the text of `file`) as a module of `format` Node can run, or the first error and its place. Never throws. */
export async function transformSource(
  file: string,
  source: string,
  compilerOptions: Record<string, unknown>,
  format: ModuleFormat = 'module',
): Promise<Transformed> {
  const defines = bundlerDefines(file);
  const options = JSON.stringify([compilerOptions, defines, format]);
  // What an import.meta.glob expands to depends on the folder too: never taken from the cache.
  const globbed = expandImportGlobs(file, source);
  const hit = globbed === source ? cache.get(file) : undefined;
  if (hit && hit.source === source && hit.options === options) return hit.result;
  const made = format === 'commonjs' ? await toCommonJs(file, globbed, compilerOptions, defines) : await toModule(file, globbed, compilerOptions, defines);
  const result: Transformed = globbed !== source && 'code' in made ? { ...made, volatile: true } : made;
  cache.delete(file);
  cache.set(file, { source, options, result });
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return result;
}

async function toModule(file: string, source: string, compilerOptions: Record<string, unknown>, defines: Record<string, string>): Promise<Transformed> {
  const url = pathToFileURL(file).href;
  const meta = {
    url,
    filename: file,
    dirname: path.dirname(file),
  };
  const banner =
    `import { createRequire as ${META}_createRequire } from "node:module"; ` +
    `const ${META} = { ...${JSON.stringify(meta)}, require: ${META}_createRequire(${JSON.stringify(url)}) };`;
  try {
    const result = await transform(source, {
      ...transformOptions(file, compilerOptions),
      format: 'esm',
      banner,
      define: {
        // The bundler's build-time constants first: the file-relative globals below are ours and win.
        ...defines,
        'import.meta.url': `${META}.url`,
        'import.meta.filename': `${META}.filename`,
        'import.meta.dirname': `${META}.dirname`,
        __filename: `${META}.filename`,
        __dirname: `${META}.dirname`,
        require: `${META}.require`,
      },
    });
    return { code: result.code, format: 'module' };
  } catch (error) {
    return { failure: failureOf(file, error) };
  }
}

/**
 * CommonJS, as `tsc --module commonjs` or `tsx` in a CommonJS package emits it: `require`, `module`, `__dirname` are
 * Node's own; `import.meta`'s file-relative names mean this file. A top-level `await` makes it an ES module.
 */
async function toCommonJs(file: string, source: string, compilerOptions: Record<string, unknown>, defines: Record<string, string>): Promise<Transformed> {
  const url = pathToFileURL(file).href;
  try {
    const result = await transform(source, {
      ...transformOptions(file, compilerOptions),
      format: 'cjs',
      define: {
        ...defines,
        'import.meta.url': JSON.stringify(url),
        'import.meta.filename': JSON.stringify(file),
        'import.meta.dirname': JSON.stringify(path.dirname(file)),
      },
    });
    return { code: result.code, format: 'commonjs' };
  } catch (error) {
    const first = (error as { errors?: Message[] }).errors?.[0];
    if (first && /top-level await/i.test(first.text)) return toModule(file, source, compilerOptions, defines);
    return { failure: failureOf(file, error) };
  }
}

/** What both module systems' transforms share: the loader by extension, Node 20, an inline source map. */
function transformOptions(file: string, compilerOptions: Record<string, unknown>) {
  return {
    loader: LOADERS[path.extname(file).toLowerCase()] ?? 'ts',
    target: 'node20',
    platform: 'node',
    sourcemap: 'inline',
    sourcefile: file,
    logLevel: 'silent',
    tsconfigRaw: { compilerOptions },
  } as const;
}

function failureOf(file: string, error: unknown): LoadFailure {
  const first = (error as { errors?: Message[] }).errors?.[0];
  const loc = first?.location;
  return {
    reason: first?.text ?? (error instanceof Error ? error.message : String(error)),
    ...(loc ? { at: { file, line: loc.line - 1, character: loc.column } } : {}),
  };
}

/** Ends esbuild's service process (a CLI that is done calls it, so that it exits only after that child has). */
export async function stopTransformer(): Promise<void> {
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
