/**
 * Where the worker's script is: `worker.js` next to the bundled server (dist/), with its loader hooks
 * `loaderHooks.mjs` beside it, or, when running from source (tests, benchmarks), both built once per process
 * into a temp directory from evaluate/worker/worker.ts and evaluate/worker/loader/hooks.ts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

let fromSource: Promise<string> | undefined;

/** The tool's install lacks its worker: a failure of the tool itself, never a finding about the user's file. */
export class WorkerMissing extends Error {}

/** The same banner esbuild.mjs gives dist/loaderHooks.mjs: an ES module bundle with CommonJS parts. */
const HOOKS_BANNER = [
  'import { createRequire as __tslCreateRequire } from "node:module";',
  'import { fileURLToPath as __tslFileURLToPath } from "node:url";',
  'const require = __tslCreateRequire(import.meta.url);',
  'const __filename = __tslFileURLToPath(import.meta.url);',
  'const __dirname = __tslFileURLToPath(new URL(".", import.meta.url));',
].join(' ');

async function buildFromSource(source: string): Promise<string> {
  const { build } = await import('esbuild');
  // A test run tags its folders (test/globalSetup.ts), so it removes its own and never another run's.
  const dir = mkdtempSync(path.join(os.tmpdir(), `tool-schema-lens-worker-${process.env.TOOL_SCHEMA_LENS_TEST_RUN ?? ''}`));
  // Workers started from it are gone by then (the pool ends them before the process exits).
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const outfile = path.join(dir, 'worker.js');
  // The hooks live in a temp folder with no node_modules: esbuild is required by its absolute path.
  const esbuildMain = createRequire(__filename).resolve('esbuild');
  const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: 'linked', logLevel: 'warning' } as const;
  // The same options as esbuild.mjs gives dist/worker.js and dist/loaderHooks.mjs.
  await Promise.all([
    build({ ...common, entryPoints: [source], outfile, format: 'cjs' }),
    build({
      ...common,
      entryPoints: [path.join(path.dirname(source), 'loader', 'hooks.ts')],
      outfile: path.join(dir, 'loaderHooks.mjs'),
      format: 'esm',
      banner: { js: HOOKS_BANNER },
      plugins: [{ name: 'esbuild-absolute', setup: (b) => b.onResolve({ filter: /^esbuild$/ }, () => ({ path: esbuildMain, external: true })) }],
    }),
  ]);
  return outfile;
}

export function workerScript(): Promise<string> {
  const bundled = path.join(__dirname, 'worker.js');
  // From source: this file is in evaluate/host/, the worker's in evaluate/worker/.
  const source = path.join(__dirname, '..', 'worker', 'worker.ts');
  if (!existsSync(source) && existsSync(bundled)) return Promise.resolve(bundled);
  if (existsSync(source)) return (fromSource ??= buildFromSource(source));
  return Promise.reject(new WorkerMissing(`The evaluation worker was not found at ${bundled}; run \`npm run build\`.`));
}
