// `npm test`: the gates and the suites, each stage announced as it starts and timed as it ends, then a summary of
// what ran, what did not (a stage that failed stops the rest, as `&&` did) and what `npm test` never covers.
// The suites' own summary (vitest's, then test/reporters/skipped.ts) says which tests were skipped and why.
import { spawnSync } from 'node:child_process';

const STAGES = [
  { name: 'build', what: 'bundles the CLI, language server, worker and extension (dist/)', command: ['npm', 'run', 'build', '--silent'] },
  { name: 'typecheck', what: 'tsc --noEmit over the sources and tests', command: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'lint', what: 'eslint . (import fences between engine, pipeline and fronts)', command: ['npx', 'eslint', '.'] },
  { name: 'format', what: 'prettier --check .', command: ['npx', 'prettier', '--check', '.', '--log-level', 'warn'] },
  {
    name: 'suites',
    what: 'vitest run: engine, pipeline, CLI, Action and pre-commit, language server, runtime, headless Neovim (installs fixture workspaces first)',
    command: ['npx', 'vitest', 'run', ...process.argv.slice(2)],
  },
];

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const results = [];
for (const [i, stage] of STAGES.entries()) {
  process.stdout.write(`\n▶ [${i + 1}/${STAGES.length}] ${stage.name}: ${stage.what}\n`);
  const started = Date.now();
  const run = spawnSync(stage.command[0], stage.command.slice(1), { stdio: 'inherit' });
  const ok = run.status === 0;
  results.push({ ...stage, ok, took: Date.now() - started });
  process.stdout.write(`${ok ? '✔' : '✖'} ${stage.name} ${ok ? 'passed' : `failed (exit ${run.status ?? run.signal})`} in ${seconds(Date.now() - started)}\n`);
  if (!ok) break;
}

const lines = ['', '── npm test summary ──'];
for (const stage of STAGES) {
  const r = results.find((x) => x.name === stage.name);
  lines.push(`  ${r ? (r.ok ? '✔' : '✖') : '·'} ${stage.name.padEnd(9)} ${r ? seconds(r.took).padStart(6) : '   not run (an earlier stage failed)'}`);
}
lines.push('  Not part of npm test: the packaged extension in a real VS Code (npm run e2e:vscode, needs code-server and Chromium).');
lines.push('  Skipped tests, if any, are listed with their reason above ("⚠ SKIPPED").');
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(results.every((r) => r.ok) && results.length === STAGES.length ? 0 : 1);
