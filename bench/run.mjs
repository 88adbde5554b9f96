// `npm run bench [-- name...]`: runs each bench module (bench/<name>.mjs) in its own Node process, one after
// the other, so one module's warm JIT and heap never colour another's figures. With no names it runs those of
// every known module (engine, clients, small, pipeline, tsc, lsp, runtime, servers, mcp). A bench module is a plain script that prints its own figures.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const known = ['engine', 'clients', 'small', 'pipeline', 'tsc', 'lsp', 'runtime', 'servers', 'mcp'];
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = asked.length > 0 ? asked : known.filter((n) => existsSync(join(here, `${n}.mjs`)));

const missing = names.filter((n) => !existsSync(join(here, `${n}.mjs`)));
if (missing.length > 0) {
  console.error(`no such bench: ${missing.join(', ')} (have: ${known.filter((n) => existsSync(join(here, `${n}.mjs`))).join(', ') || 'none'})`);
  process.exit(2);
}

let failed = 0;
for (const name of names) {
  console.log(`\n=== bench: ${name} ===`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--expose-gc', join(here, `${name}.mjs`)], { stdio: 'inherit', cwd: join(here, '..') });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status !== 0) {
    failed++;
    console.error(`bench ${name} failed (exit ${run.status ?? run.signal}) after ${seconds}s`);
  } else {
    console.log(`(${name}: ${seconds}s)`);
  }
}
process.exit(failed > 0 ? 1 : 0);
