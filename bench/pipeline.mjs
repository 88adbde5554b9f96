// Pipeline benchmark: a generated workspace of 200 tool files × 5 tools (zod 4, the MCP SDK, colliding
// discriminated unions). Measures (1) a cold `tool-schema-lens check` through the CLI, BENCH_COLD_RUNS times (3): median
// wall time and peak memory of the CLI and its workers together (targets ≤10 s, ≤600 MB); (2) re-checking one changed file
// through the pipeline API with warm workers, median of 20 edits (target ≤20 ms); and where the time goes.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { samplePeakRss } from './processTree.mjs';
import { generateWorkspace, REPO_ROOT, toolFileText } from './workspace.mjs';
import { mb, median, ms } from './stats.mjs';

const FILES = Number(process.env.BENCH_FILES ?? 200);
const TOOLS = Number(process.env.BENCH_TOOLS_PER_FILE ?? 5);
const EDITS = Number(process.env.BENCH_EDITS ?? 20);

const cli = path.join(REPO_ROOT, 'dist', 'cli.js');
if (!existsSync(cli) || !existsSync(path.join(REPO_ROOT, 'dist', 'worker.js'))) {
  console.error('dist/cli.js or dist/worker.js is missing: run `npm run build` first (npm run bench does).');
  process.exit(2);
}

// Its p90 is the rank floor(p% · n), kept so its figures compare with earlier runs (stats.mjs has nearest rank).
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

const workspace = generateWorkspace({ files: FILES, toolsPerFile: TOOLS });
console.log(`workspace: ${FILES} files × ${TOOLS} tools = ${workspace.toolCount} tools (${path.relative(REPO_ROOT, workspace.root)})`);

// 1. Cold check through the CLI, as CI runs it: several runs (a loaded machine stretches single ones), medians.
const COLD_RUNS = Math.max(1, Number(process.env.BENCH_COLD_RUNS ?? 3));
{
  const runs = [];
  for (let run = 1; run <= COLD_RUNS; run++) {
    const started = performance.now();
    const child = spawn(process.execPath, [cli, 'check', workspace.root, '--format', 'json', '--no-cache'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const sampler = samplePeakRss(child.pid, 25);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => child.on('close', resolve));
    const wall = performance.now() - started;
    const { peak, cpu } = sampler.stop();
    if (code !== 0 && code !== 1) {
      console.error(`check failed (exit ${code}):\n${stderr}`);
      process.exit(1);
    }
    const out = JSON.parse(stdout);
    runs.push({ wall, peak, cpu, out, load: os.loadavg()[0] });
    const cpuText = cpu ? `, CPU ${cpu.total.toFixed(1)} s (CLI main ${cpu.root.toFixed(1)} s)` : '';
    console.log(`cold check run ${run}: ${ms(wall)} wall, ${mb(peak)} peak${cpuText}, load average ${runs.at(-1).load.toFixed(1)}`);
  }
  const { out } = runs[0];
  const byCode = {};
  for (const d of out.diagnostics) byCode[d.code] = (byCode[d.code] ?? 0) + 1;
  const wall = median(runs.map((r) => r.wall));
  const peaks = runs.map((r) => r.peak).filter((p) => p !== null);
  const peak = peaks.length ? Math.max(...peaks) : null;
  console.log(`\ncold check (CLI, ${out.tools.length} tools, ${out.diagnostics.length} findings: ${JSON.stringify(byCode)}; median of ${COLD_RUNS} runs)`);
  console.log(`  wall time      ${ms(wall)}   (target ≤ 10000 ms) ${wall <= 10_000 ? 'ok' : 'OVER'}`);
  console.log(
    `  peak memory    ${mb(peak)}   (highest of the runs, CLI + workers, target ≤ 600 MB) ${peak === null ? '' : peak <= 600 * 1024 * 1024 ? 'ok' : 'OVER'}`,
  );
  const cpus = runs.map((r) => r.cpu).filter(Boolean);
  if (cpus.length) {
    // Load-independent: on a busy machine the wall time stretches, the CPU time does not (much).
    const total = median(cpus.map((c) => c.total));
    const root = median(cpus.map((c) => c.root));
    console.log(`  CPU time       ${total.toFixed(1)} s in all (CLI main process ${root.toFixed(1)} s, esbuild and workers ${(total - root).toFixed(1)} s)`);
  }
  const load = median(runs.map((r) => r.load));
  if (load > os.availableParallelism()) console.log(`  note: load average ${load.toFixed(1)} on ${os.availableParallelism()} cores while measuring`);
}

// 2. The pipeline API with warm workers: a full analysis, then one file edited again and again.
const apiDir = path.join(REPO_ROOT, '.cache', 'bench-pipeline');
const apiBundle = path.join(apiDir, 'pipeline.cjs');
// The pool looks for worker.js next to the server bundle, as in dist/; the bench bundle gets a copy beside it.
mkdirSync(apiDir, { recursive: true });
copyFileSync(path.join(REPO_ROOT, 'dist', 'worker.js'), path.join(apiDir, 'worker.js'));
// ...and the worker's loader hooks beside it (a build from before the loader has none).
if (existsSync(path.join(REPO_ROOT, 'dist', 'loaderHooks.mjs')))
  copyFileSync(path.join(REPO_ROOT, 'dist', 'loaderHooks.mjs'), path.join(apiDir, 'loaderHooks.mjs'));
// The bundle also carries the CLI's settings, so the bench analyses with exactly the options `check` uses.
await build({
  stdin: {
    contents:
      `export { createPipeline } from './server/pipeline';\nexport { DEFAULT_SETTINGS, pipelineOptions } from './server/settings';\n` +
      `export { countToolTokens, preloadTokenizer } from './server/pipeline/tokens';\n`,
    resolveDir: REPO_ROOT,
    loader: 'ts',
  },
  outfile: apiBundle,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['esbuild'],
  logLevel: 'error',
});
const { createRequire } = await import('node:module');
const { createPipeline, DEFAULT_SETTINGS, pipelineOptions, countToolTokens, preloadTokenizer } = createRequire(import.meta.url)(apiBundle);

// The tokenizer's ranks load once per process, on the first count: timed before the pipeline can load them.
const tokenizerLoadStarted = performance.now();
preloadTokenizer();
const tokenizerLoadMs = performance.now() - tokenizerLoadStarted;

const pipeline = createPipeline(pipelineOptions(DEFAULT_SETTINGS, workspace.root, true));
try {
  const stageSum = (files) => {
    const sum = { discover: 0, bundle: 0, evaluate: 0, engine: 0, locate: 0, list: 0, tokens: 0 };
    for (const f of files) for (const k of Object.keys(sum)) sum[k] += f.timings[k] ?? 0;
    return sum;
  };
  const fullStarted = performance.now();
  const full = await pipeline.analyze();
  const fullWall = performance.now() - fullStarted;
  const sums = stageSum(full.files);
  const toolCount = full.files.reduce((n, f) => n + f.tools.length, 0);
  // Where a cold check's time goes, per 1,000 tools: the stages as the pipeline times them, the two sub-stages
  // (listing inside the engine, tokens inside assembly) split out. Workers' stages run two at a time, the host's
  // (discover, assembly) one at a time, so the sum can exceed the wall.
  const split = [
    ['discover (host: ts-morph, the syntax pass)', sums.discover],
    ['bundle', sums.bundle],
    ['evaluate (worker: load and run user code)', sums.evaluate],
    ['advertise and judge (worker: the engine)', sums.engine - sums.list],
    ["list (worker: each library's own tools/list)", sums.list],
    ['locate and assemble (host)', sums.locate - sums.tokens],
    ['count tokens (host)', sums.tokens],
  ];
  const total = split.reduce((n, [, t]) => n + t, 0);
  console.log(`\nfull analysis through the API (cold workers): ${ms(fullWall)} wall for ${full.files.length} files, ${toolCount} tools`);
  console.log(`  where the time goes, summed over files, per 1,000 tools (share of the sum):`);
  for (const [stage, t] of split)
    console.log(`    ${stage.padEnd(46)} ${ms((t * 1000) / Math.max(1, toolCount)).padStart(9)}   ${((100 * t) / Math.max(1, total)).toFixed(0).padStart(3)}%`);

  // 3. Token counting: every tool of the workspace counted again (the tokenizer already loaded), 7 rounds. The
  // tokenizer keeps a cache of the pieces it has encoded, so rounds after the first measure a warm cache; the first
  // round (the pipeline counted these tools once already) is quoted on its own.
  const tools = full.files.flatMap((f) => f.tools).filter((t) => t.kind !== 'exported');
  const rounds = [];
  const perTool = [];
  let firstRound = 0;
  for (let round = 0; round < 7; round++) {
    const roundStarted = performance.now();
    for (const t of tools) {
      const at = performance.now();
      countToolTokens({ name: t.name, description: t.description, inputSchema: t.advertised });
      if (round > 0) perTool.push(performance.now() - at);
    }
    if (round > 0) rounds.push(performance.now() - roundStarted);
    else firstRound = performance.now() - roundStarted;
  }
  const tokensTotal = tools.reduce((n, t) => n + t.tokens.total, 0);
  console.log(
    `\ntoken counting (o200k_base, name + description + input schema as compact JSON), ${tools.length} tools, ${tokensTotal.toLocaleString('en-US')} tokens`,
  );
  console.log(`  tokenizer load  ${ms(tokenizerLoadMs)} (once per process, on the first count)`);
  console.log(`  per tool        median ${(median(perTool) * 1000).toFixed(0)} µs, p95 ${(percentile(perTool, 95) * 1000).toFixed(0)} µs`);
  console.log(`  whole workspace median ${ms(median(rounds))} for ${tools.length} tools (${rounds.length} rounds; the first round: ${ms(firstRound)})`);

  const file = workspace.toolFiles[Math.floor(FILES / 2)];
  const fileIndex = Math.floor(FILES / 2);
  const walls = [];
  const stages = { discover: [], bundle: [], evaluate: [], engine: [], list: [], locate: [], tokens: [] };
  for (let i = 1; i <= EDITS + 2; i++) {
    const overlays = new Map([[file, { text: toolFileText(fileIndex, TOOLS, i), version: i }]]);
    const started = performance.now();
    const result = await pipeline.analyze([file], overlays);
    const wall = performance.now() - started;
    if (i <= 2) continue; // the first edits warm the JIT on this path
    walls.push(wall);
    const report = result.files.find((f) => f.file === file);
    for (const k of Object.keys(stages)) stages[k].push(report.timings[k] ?? 0);
  }
  const med = median(walls);
  console.log(`\nre-check of one edited file (API, warm workers, ${EDITS} edits)`);
  console.log(`  median ${ms(med)}, p90 ${ms(percentile(walls, 90))}   (target ≤ 20 ms) ${med <= 20 ? 'ok' : 'OVER'}`);
  console.log(
    `  median per stage: ${Object.entries(stages)
      .map(([k, v]) => `${k} ${median(v).toFixed(1)} ms`)
      .join(', ')}`,
  );
} finally {
  await pipeline.dispose();
}
