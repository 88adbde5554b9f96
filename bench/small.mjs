// Small-workspace benchmark: what most users wait for. A cold `check --no-cache` of examples/ (7 files, the
// README's first command) and of a one-file server, a bare start (`--version`), and a check of examples/ again
// over the result cache (what a second run in CI or a pre-commit hook does), BENCH_SMALL_RUNS times (7) each,
// taken in turn so a busy moment of the shared machine falls on all three alike. Prints median wall time and
// median CPU time of the CLI with its workers (user + system, from /proc: the children it waited for).
// BENCH_BASELINE_CLI=<another build's dist/cli.js> runs each case with it too, in turn, and prints the ratios.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './workspace.mjs';
import { median, ms } from './stats.mjs';

const RUNS = Math.max(1, Number(process.env.BENCH_SMALL_RUNS ?? 7));
const builds = [{ label: 'this build', cli: path.join(REPO_ROOT, 'dist', 'cli.js') }];
if (process.env.BENCH_BASELINE_CLI) builds.push({ label: 'baseline', cli: path.resolve(process.env.BENCH_BASELINE_CLI) });

// One server file under the repository, so it resolves the repository's SDK and zod.
const one = path.join(REPO_ROOT, '.cache', 'bench-one');
mkdirSync(path.join(one, 'src'), { recursive: true });
writeFileSync(path.join(one, 'package.json'), JSON.stringify({ name: 'bench-one', private: true, type: 'module' }, null, 2));
writeFileSync(
  path.join(one, 'src', 'server.ts'),
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export const server = new McpServer({ name: 'one', version: '1.0.0' });
server.registerTool('echo', { inputSchema: { text: z.string() } }, async () => ({ content: [] }));
`,
);

/** CPU seconds of the children this process has waited for (Linux; undefined elsewhere). */
function childrenCpu() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return undefined;
  }
}

const cases = [
  { name: 'start (--version)', args: ['--version'] },
  { name: 'check examples/ (7 files)', args: ['check', path.join(REPO_ROOT, 'examples'), '--no-cache'] },
  { name: 'check a one-file server', args: ['check', one, '--no-cache'] },
  { name: 'check examples/ again, cached', args: ['check', path.join(REPO_ROOT, 'examples')] },
];
// V8's code cache (server/launcher/codeCache.ts) holds what the run that wrote it compiled: a `--version` first
// leaves a small cache, a `check` first a large one. Every build starts from the cache a check writes.
rmSync(path.join(os.tmpdir(), `tool-schema-lens-code-cache${process.getuid ? `-${process.getuid()}` : ''}`), { recursive: true, force: true });
for (const b of builds) spawnSync(process.execPath, [b.cli, 'check', one, '--no-cache'], { cwd: REPO_ROOT });
// The cached case starts from what one earlier check of each build kept.
for (const b of builds) spawnSync(process.execPath, [b.cli, 'check', path.join(REPO_ROOT, 'examples')], { cwd: REPO_ROOT });

const figures = new Map(builds.flatMap((b) => cases.map((c) => [`${b.label}: ${c.name}`, { wall: [], cpu: [] }])));
for (let run = 0; run < RUNS; run++) {
  for (const c of cases) {
    for (const b of builds) {
      const cpuBefore = childrenCpu();
      const started = performance.now();
      const result = spawnSync(process.execPath, [b.cli, ...c.args], { cwd: REPO_ROOT, encoding: 'utf8' });
      const wall = performance.now() - started;
      if (result.status !== 0 && result.status !== 1) {
        console.error(`${b.label}: ${c.name} failed (exit ${result.status ?? result.signal}):\n${result.stderr}`);
        process.exit(1);
      }
      const cpuAfter = childrenCpu();
      const f = figures.get(`${b.label}: ${c.name}`);
      f.wall.push(wall);
      if (cpuBefore !== undefined && cpuAfter !== undefined) f.cpu.push(cpuAfter - cpuBefore);
    }
  }
}

console.log(`small workspaces (cold: --no-cache), median of ${RUNS} runs each, taken in turn`);
for (const c of cases) {
  for (const b of builds) {
    const { wall, cpu } = figures.get(`${b.label}: ${c.name}`);
    const cpuText = cpu.length ? `   CPU ${median(cpu).toFixed(2)} s (CLI and workers)` : '';
    const label = builds.length > 1 ? `${c.name}, ${b.label}` : c.name;
    console.log(`  ${label.padEnd(40)} wall ${ms(median(wall)).padStart(8)}${cpuText}`);
  }
  if (builds.length > 1) {
    const [now, base] = builds.map((b) => figures.get(`${b.label}: ${c.name}`));
    const cpuRatio = now.cpu.length && base.cpu.length ? `, CPU ${(median(now.cpu) / median(base.cpu)).toFixed(2)}×` : '';
    console.log(`  ${''.padEnd(40)} this build / baseline: wall ${(median(now.wall) / median(base.wall)).toFixed(2)}×${cpuRatio}`);
  }
}
