// Whole-server benchmark (issue 9), on bench/serverWorkspace.mjs: one entry point whose factory registers all
// 1,000 tools of 200 files through a registry loop.
//   (1) cold `check` through the CLI: wall time and peak memory of the CLI and its workers (targets ≤6 s, ≤600 MB);
//   (2) the language server (debounce 0): didChange in one tool file → publishDiagnostics for that version, median
//       and p95 of EDITS edits (targets ≤50 / ≤150 ms), how many of those first publishes already had the
//       findings on the new text (each edit moves them down a line), the time until they did, and the time until the
//       entry's deferred re-run (after the typing pause) confirmed them. BENCH_CLI=<dist/cli.js> measures another
//       build with the same script (before/after);
//   (3) first diagnostics for a tool file opened right after start, and the first with its findings (target ≤1.5 s).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import os from 'node:os';
import { startLspSession } from './lspSession.mjs';
import { treeRss } from './processTree.mjs';
import { REPO_ROOT } from './workspace.mjs';
import { definitionFileText, generateServerWorkspace } from './serverWorkspace.mjs';
import { samplePeakRss } from './processTree.mjs';
import { mb, median, ms, percentile, verdict } from './stats.mjs';

const FILES = Number(process.env.BENCH_FILES ?? 200);
const TOOLS = Number(process.env.BENCH_TOOLS_PER_FILE ?? 5);
const EDITS = Number(process.env.BENCH_EDITS ?? 20);

const cli = process.env.BENCH_CLI ? path.resolve(process.env.BENCH_CLI) : path.join(REPO_ROOT, 'dist', 'cli.js');
if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run `npm run build` first (npm run bench does).');
  process.exit(2);
}

const workspace = generateServerWorkspace({ files: FILES, toolsPerFile: TOOLS });
console.log(`workspace: one entry registering ${FILES} files × ${TOOLS} tools = ${workspace.toolCount} tools (${path.relative(REPO_ROOT, workspace.root)})`);

// (1) Cold check, twice: medians of wall, highest peak (BENCH_LSP_ONLY=1 skips it).
if (!process.env.BENCH_LSP_ONLY) {
  const runs = [];
  for (let run = 0; run < 2; run++) {
    const at = performance.now();
    const child = spawn(process.execPath, [cli, 'check', workspace.root, '--format', 'json', '--no-cache'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const sampler = samplePeakRss(child.pid, 25);
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    const code = await new Promise((r) => child.on('close', r));
    const { peak } = sampler.stop();
    const out = JSON.parse(stdout);
    const failed = out.diagnostics.filter((d) => d.code === 'evaluation-failed').length;
    runs.push({ wall: performance.now() - at, peak, tools: out.tools.length, failed, code });
  }
  const wall = median(runs.map((r) => r.wall));
  const peak = Math.max(...runs.map((r) => r.peak ?? 0));
  console.log(
    `cold check: ${runs[0].tools} tools found of ${workspace.toolCount}, evaluation failures ${runs.map((r) => r.failed).join('/')}, load average ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `  wall time median ${ms(wall)} (target ≤6000 ms: ${verdict(wall, 6000)}); peak memory ${mb(peak)} (target ≤600 MB: ${verdict(peak, 600 * 1024 * 1024)})`,
  );
}

// (2) The language server, cold: the result cache off, so each run measures the server's own work (the workspace is
// generated the same each time, and a start over the cache would answer from the previous run's results).
const { server, connection, published, logs, until, publishedFor, idle } = startLspSession(cli, workspace.root, { evaluation: { cache: false } });
connection.listen();
const collisionsIn = (p) => p.diagnostics.filter((d) => d.code === 'collision-widened');

const root = pathToFileURL(workspace.root).href;
await connection.sendRequest('initialize', {
  processId: process.pid,
  rootUri: root,
  workspaceFolders: [{ uri: root, name: 'bench' }],
  initializationOptions: { debounceMs: 0 },
  capabilities: { workspace: { configuration: true }, window: { workDoneProgress: true }, textDocument: { publishDiagnostics: { versionSupport: true } } },
});
const started = performance.now();
await connection.sendNotification('initialized', {});

// A tool file opened right away (issue 27, item 2): its first diagnostics, and the first with its findings (the
// entry's run registers its tools), must not wait for the whole first scan.
const index = Math.floor(FILES / 2) - (Math.floor(FILES / 2) % 2); // an even file: its union collides
const file = workspace.toolFiles[index];
const uri = pathToFileURL(file).href;
const openedAt = performance.now();
await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 1, text: readFileSync(file, 'utf8') } });
const firstOpen = await until('diagnostics of the opened file', publishedFor(uri, 1), 300_000);
const withFindings = await until(
  'the opened file with its findings',
  () => published.find((q) => q.uri === uri && q.version === 1 && collisionsIn(q).length > 0),
  300_000,
);
await until('first scan', idle, 300_000);
const scanMs = performance.now() - started;

const latencies = [];
const rightFirst = [];
const right = [];
const settled = [];
for (let v = 2; v < EDITS + 2; v++) {
  // Each revision adds a line above the union, so refreshed findings move down: stale ones are told apart.
  const text = `// edit ${v}\n`.repeat(v) + definitionFileText(index, TOOLS, v);
  const unionLine = v + 5; // 0-based line of the first variant's key after the added lines
  const from = published.length;
  const logsFrom = logs.length;
  const at = performance.now();
  await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ text }] });
  const p = await until(`diagnostics v${v}`, publishedFor(uri, v, from));
  latencies.push(p.at - at);
  // Right: the two colliding `media` keys (photo and album variants), each on its new line, nothing left on an old one.
  const onNewText = (q) => {
    const lines = collisionsIn(q).map((d) => d.range.start.line);
    return lines.length > 0 && lines.every((l) => l === unionLine + 1 || l === unionLine + 2) && lines.includes(unionLine + 1);
  };
  rightFirst.push(onNewText(p));
  const fresh = await until(`refreshed v${v}`, () => published.slice(from).find((q) => q.uri === uri && q.version === v && onNewText(q)));
  right.push(fresh.at - at);
  // The entry's deferred re-run: its trace line, then the file published from it (still on the new text).
  const entryRun = await until(`entry re-run v${v}`, () => logs.slice(logsFrom).find((l) => /^analysed main\.ts/.test(l.message)));
  const confirmed = await until(`confirmed v${v}`, () => published.slice(from).find((q) => q.uri === uri && q.version === v && q.at >= entryRun.at), 10_000);
  if (!onNewText(confirmed)) throw new Error(`the entry's re-run published v${v}'s findings off the new text`);
  settled.push(confirmed.at - at);
  await until('idle', idle, 60_000);
}
const rss = treeRss(server.pid);
console.log(`language server: first scan ${ms(scanMs)}; server + workers RSS after the edits ${mb(rss)}`);
const firstFindingsMs = withFindings.at - openedAt;
console.log(
  `first diagnostics for a file opened at start: ${ms(firstOpen.at - openedAt)}, with its findings ${ms(firstFindingsMs)} (target ≤1500: ${verdict(firstFindingsMs, 1500)})`,
);
console.log(
  `didChange → publishDiagnostics (debounce excluded), ${latencies.length} edits of one tool file: median ${ms(median(latencies))} (target ≤50: ${verdict(median(latencies), 50)}), ` +
    `p95 ${ms(percentile(latencies, 95))} (target ≤150: ${verdict(percentile(latencies, 95), 150)})`,
);
console.log(
  `  first publish already on the new text in ${rightFirst.filter(Boolean).length} of ${rightFirst.length} edits; until the findings were on the new text: median ${ms(median(right))}, p95 ${ms(percentile(right, 95))}`,
);
console.log(
  `  until the whole-server entry re-ran and confirmed them (includes the ${700} ms typing pause): median ${ms(median(settled))}, p95 ${ms(percentile(settled, 95))}`,
);

await connection.sendRequest('shutdown');
const exited = new Promise((r) => server.once('exit', r));
await connection.sendNotification('exit');
await exited;
connection.dispose();
