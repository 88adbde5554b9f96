/**
 * Where the worker's script is: `worker.js` next to the bundled server (dist/), or, when running from
 * source (tests, benchmarks), this folder's worker.ts built once per process into a temp directory.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let fromSource: Promise<string> | undefined;

async function buildFromSource(source: string): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = path.join(mkdtempSync(path.join(os.tmpdir(), 'tool-schema-lens-worker-')), 'worker.js');
  // The same options as esbuild.mjs gives dist/worker.js.
  await build({ entryPoints: [source], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', sourcemap: 'linked', logLevel: 'warning' });
  return outfile;
}

export function workerScript(): Promise<string> {
  const bundled = path.join(__dirname, 'worker.js');
  const source = path.join(__dirname, 'worker.ts');
  if (!existsSync(source) && existsSync(bundled)) return Promise.resolve(bundled);
  if (existsSync(source)) return (fromSource ??= buildFromSource(source));
  return Promise.reject(new Error(`The evaluation worker was not found at ${bundled}; run \`npm run build\`.`));
}
