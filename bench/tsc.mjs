// `check` beside the type checker the user already waits for: the bench workspace (200 files, 1,000 tools, zod 4 and
// the MCP SDK), `tool-schema-lens check <ws> --format json` and `tsc --noEmit -p <ws>` run in turn, BENCH_TSC_PAIRS
// pairs (3), each process tree's wall time, CPU time (user + system, workers included) and peak memory sampled from
// /proc. `check` runs twice in each pair: cold (`--no-cache`: every file evaluated, as on a fresh clone) and again
// over its result cache, filled once before the pairs (a second run over unchanged files, as in a local loop). Ratios are of medians measured in this run (the machine is shared: never compare across runs). Targets
// (issue 27): wall ≤ 0.5× tsc, CPU ≤ 0.7× tsc, peak memory ≤ tsc's. `BENCH_TSC_WORKSPACE=<dir>` measures another
// folder (a public server checked out with its dependencies) instead of the generated one.
// BENCH_BASELINE_CLI=<another build's dist/cli.js> runs its cold check in each pair too, in turn, and prints this
// build's figures as ratios of the baseline's (a build from before the result cache is run without `--no-cache`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { samplePeakRss } from './processTree.mjs';
import { mb, median, ms, verdict } from './stats.mjs';
import { generateWorkspace, REPO_ROOT } from './workspace.mjs';

const PAIRS = Math.max(1, Number(process.env.BENCH_TSC_PAIRS ?? 3));
const cli = path.join(REPO_ROOT, 'dist', 'cli.js');
const tsc = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run `npm run build` first (npm run bench does).');
  process.exit(2);
}

const baseline = process.env.BENCH_BASELINE_CLI ? path.resolve(process.env.BENCH_BASELINE_CLI) : undefined;
const baselineFlags =
  baseline && spawnSync(process.execPath, [baseline, 'check', '--help'], { encoding: 'utf8' }).stdout.includes('--no-cache') ? ['--no-cache'] : [];

const root = process.env.BENCH_TSC_WORKSPACE ? path.resolve(process.env.BENCH_TSC_WORKSPACE) : generateWorkspace({ files: 200, toolsPerFile: 5 }).root;
console.log(`workspace: ${path.relative(REPO_ROOT, root) || root}; ${PAIRS} pairs, check then tsc in each`);

/** One run of a command as a process tree: wall, CPU seconds over every process of it, peak RSS. */
async function measure(args) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  const sampler = samplePeakRss(child.pid, 20);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
  const code = await new Promise((resolve) => child.on('close', resolve));
  const wall = performance.now() - started;
  const { peak, cpu } = sampler.stop();
  return { code, wall, peak, cpu: cpu?.total ?? null, stderr };
}

/** A check run, which exits 1 on findings; anything else is a failure of the check itself. */
async function measureCheck(flags, build = cli) {
  const check = await measure([build, 'check', root, '--format', 'json', ...flags]);
  if (check.code !== 0 && check.code !== 1) {
    console.error(`check failed (exit ${check.code}):\n${check.stderr}`);
    process.exit(1);
  }
  return check;
}

const runs = { check: [], cached: [], tsc: [], baseline: [] };
await measureCheck([]); // fills the result cache
for (let pair = 1; pair <= PAIRS; pair++) {
  const check = await measureCheck(['--no-cache']);
  const cached = await measureCheck([]);
  // tsc exits 2 on type errors in the emitted-nothing sense; what it costs is what is measured.
  const types = await measure([tsc, '--noEmit', '-p', root]);
  runs.check.push(check);
  runs.cached.push(cached);
  runs.tsc.push(types);
  if (baseline) runs.baseline.push(await measureCheck(baselineFlags, baseline));
  const cpuText = (r) => (r.cpu === null ? '' : `, CPU ${r.cpu.toFixed(1)} s`);
  console.log(
    `pair ${pair}: check ${ms(check.wall)}${cpuText(check)}, ${mb(check.peak)} · cached ${ms(cached.wall)}${cpuText(cached)}, ${mb(cached.peak)} · tsc ${ms(types.wall)}${cpuText(types)}, ${mb(types.peak)} (exit ${types.code})` +
      (baseline ? ` · baseline check ${ms(runs.baseline.at(-1).wall)}${cpuText(runs.baseline.at(-1))}, ${mb(runs.baseline.at(-1).peak)}` : ''),
  );
}

const med = (list, key) => {
  const values = list.map((r) => r[key]).filter((v) => v !== null);
  return values.length ? median(values) : null;
};
const rows = (of) => [
  ['wall time', med(of, 'wall'), med(runs.tsc, 'wall'), 0.5, (v) => ms(v)],
  ['CPU time', med(of, 'cpu'), med(runs.tsc, 'cpu'), 0.7, (v) => `${v.toFixed(1)} s`],
  ['peak memory', med(of, 'peak'), med(runs.tsc, 'peak'), 1, (v) => mb(v)],
];
const table = [
  ['cold check (--no-cache) against tsc --noEmit', runs.check],
  ['check over its cache (files unchanged) against tsc --noEmit', runs.cached],
].flatMap(([title, of]) => [[title], ...rows(of)]);
for (const [label, check, types, target, show] of table) {
  if (check === undefined) {
    console.log(`\n${label} (medians of ${PAIRS} pairs)`);
    continue;
  }
  if (check === null || types === null) {
    console.log(`  ${label.padEnd(12)} n/a (no /proc)`);
    continue;
  }
  const ratio = check / types;
  console.log(
    `  ${label.padEnd(12)} ${show(check).padStart(9)} vs ${show(types).padStart(9)}   ${ratio.toFixed(2)}×   (target ≤ ${target}×) ${verdict(ratio, target)}`,
  );
}

if (baseline) {
  console.log(`\ncold check against the baseline's cold check (${baseline}), medians of ${PAIRS} pairs`);
  for (const [label, key, show] of [
    ['wall time', 'wall', ms],
    ['CPU time', 'cpu', (v) => `${v.toFixed(1)} s`],
    ['peak memory', 'peak', mb],
  ]) {
    const now = med(runs.check, key);
    const then = med(runs.baseline, key);
    if (now === null || then === null) console.log(`  ${label.padEnd(12)} n/a (no /proc)`);
    else console.log(`  ${label.padEnd(12)} ${show(now).padStart(9)} vs ${show(then).padStart(9)}   ${(now / then).toFixed(2)}×`);
  }
}
