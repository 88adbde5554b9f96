// Language server benchmark over the stdio protocol, on the generated 200-file workspace (bench/workspace.mjs),
// with the keystroke debounce set to 0 (initializationOptions.debounceMs) so the figures are the server's own work:
//   (1) first diagnostics for a file opened right after start, while the first scan runs (target ≤1.5 s);
//   (2) the first scan's duration, and server + workers RSS right after it (target ≤600 MB);
//   (3) didChange → publishDiagnostics for that version, median and p95 of EDITS edits (targets ≤50 / ≤150 ms);
//   (4) hover and the rename quick fix (first, with the TypeScript project cold, then warm);
//   (5) code lens after an edit: didChange → the codeLens answer for that version (the server answers once the
//       analysis caught up), and → the workspace/codeLens/refresh that follows it, median of LENS_EDITS edits.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startLspSession } from './lspSession.mjs';
import { treeCpu, treeRss } from './processTree.mjs';
import { generateWorkspace, REPO_ROOT, toolFileText } from './workspace.mjs';
import { mb, median, ms, percentile, verdict } from './stats.mjs';

const FILES = Number(process.env.BENCH_FILES ?? 200);
const TOOLS = Number(process.env.BENCH_TOOLS_PER_FILE ?? 5);
const EDITS = Number(process.env.BENCH_EDITS ?? 30);
const LENS_EDITS = Number(process.env.BENCH_LENS_EDITS ?? 15);

const cli = path.join(REPO_ROOT, 'dist', 'cli.js');
if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run `npm run build` first (npm run bench does).');
  process.exit(2);
}

const workspace = generateWorkspace({ dir: path.join(REPO_ROOT, '.cache', 'bench-lsp-workspace'), files: FILES, toolsPerFile: TOOLS });
console.log(`workspace: ${FILES} files × ${TOOLS} tools = ${workspace.toolCount} tools (${path.relative(REPO_ROOT, workspace.root)})`);

// Cold: the result cache off, so each run measures the server's own work (section 6 measures a start over the cache).
const { server, connection, published, wake, until, publishedFor, idle } = startLspSession(cli, workspace.root, { evaluation: { cache: false } });
const refreshes = [];
connection.onRequest('workspace/codeLens/refresh', () => {
  refreshes.push(performance.now());
  wake();
  return null;
});
connection.listen();

const root = pathToFileURL(workspace.root).href;
await connection.sendRequest('initialize', {
  processId: process.pid,
  rootUri: root,
  workspaceFolders: [{ uri: root, name: 'bench' }],
  initializationOptions: { debounceMs: 0 },
  capabilities: {
    workspace: { configuration: true, workspaceEdit: { documentChanges: true }, codeLens: { refreshSupport: true } },
    window: { workDoneProgress: true },
    textDocument: { publishDiagnostics: { versionSupport: true }, codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } } },
  },
});
const started = performance.now();
await connection.sendNotification('initialized', {});

// (1) A file opened right away: its diagnostics must not wait for the whole scan.
const index = Math.floor(FILES / 2) - (Math.floor(FILES / 2) % 2); // an even file: it has a collision
const file = workspace.toolFiles[index];
const uri = pathToFileURL(file).href;
let text = readFileSync(file, 'utf8');
const openedAt = performance.now();
await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 1, text } });
const first = await until('first diagnostics', publishedFor(uri, 1));
const firstMs = first.at - openedAt;

// (2) The first scan, and memory right after it.
await until('first scan', idle, 300_000);
const scanMs = performance.now() - started;
await new Promise((r) => setTimeout(r, 300));
const rss = treeRss(server.pid);

// (3) Edits: each a new revision of the file, timed to the diagnostics published for exactly that version.
const latencies = [];
const cpuBefore = treeCpu(server.pid);
for (let v = 2; v < EDITS + 2; v++) {
  text = toolFileText(index, TOOLS, v);
  const from = published.length;
  const at = performance.now();
  await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ text }] });
  const p = await until(`diagnostics v${v}`, publishedFor(uri, v, from));
  latencies.push(p.at - at);
}
const version = EDITS + 1;
// What each edit costs the machine, whatever the latency: what follows a publish (the status, the lenses' refresh)
// is paid by the next keystroke on a busy machine. The last edit's work after its publish is let finish first.
await until('idle after the edits', idle, 60_000);
const cpuAfter = treeCpu(server.pid);
const serverCpuPerEdit = ((cpuAfter.root - cpuBefore.root) * 1000) / EDITS;
const workerCpuPerEdit = ((cpuAfter.total - cpuAfter.root - (cpuBefore.total - cpuBefore.root)) * 1000) / EDITS;

// (4) Hover on the colliding key, and the rename quick fix (cold TypeScript project, then warm).
const collision = published
  .filter((p) => p.uri === uri)
  .at(-1)
  .diagnostics.find((d) => d.code === 'collision-widened');
const timed = async (fn) => {
  const at = performance.now();
  const result = await fn();
  return [performance.now() - at, result];
};
const [hoverMs, hover] = await timed(() => connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: collision.range.start }));
const actionParams = { textDocument: { uri }, range: collision.range, context: { diagnostics: [collision] } };
const [coldFixMs, actions] = await timed(() => connection.sendRequest('textDocument/codeAction', actionParams));
const [warmFixMs] = await timed(() => connection.sendRequest('textDocument/codeAction', actionParams));
const rssAfterFix = treeRss(server.pid);

// (5) Code lens after an edit.
const lensLatencies = [];
const refreshLatencies = [];
let lensTitle = '';
for (let v = version + 1; v <= version + LENS_EDITS; v++) {
  text = toolFileText(index, TOOLS, v);
  const refreshesBefore = refreshes.length;
  const at = performance.now();
  await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ text }] });
  const lenses = await connection.sendRequest('textDocument/codeLens', { textDocument: { uri } });
  lensLatencies.push(performance.now() - at);
  lensTitle = lenses[0]?.command?.title ?? '(none)';
  await until(`codeLens/refresh v${v}`, () => (refreshes.length > refreshesBefore ? true : undefined));
  refreshLatencies.push(refreshes[refreshesBefore] - at);
}

console.log(`first diagnostics for a file opened at start: ${ms(firstMs)} (target ≤1500 ms: ${verdict(firstMs, 1500)})`);
console.log(`first scan of the workspace: ${ms(scanMs)}; server + workers RSS after it: ${mb(rss)} (target ≤600 MB: ${verdict(rss, 600 * 1024 * 1024)})`);
console.log(
  `didChange → publishDiagnostics (debounce excluded), ${latencies.length} edits: median ${ms(median(latencies))} (target ≤50: ${verdict(median(latencies), 50)}), ` +
    `p95 ${ms(percentile(latencies, 95))} (target ≤150: ${verdict(percentile(latencies, 95), 150)}), max ${ms(Math.max(...latencies))}`,
);
console.log(
  `CPU per edit (clock ticks of 10 ms, over ${EDITS} edits): language server ${serverCpuPerEdit.toFixed(1)} ms, evaluation workers ${workerCpuPerEdit.toFixed(1)} ms`,
);
console.log(`hover on a colliding key: ${ms(hoverMs)}${hover ? '' : ' (EMPTY)'}`);
console.log(
  `code lens after an edit, ${lensLatencies.length} edits: didChange → codeLens answer median ${ms(median(lensLatencies))}, p95 ${ms(percentile(lensLatencies, 95))}; ` +
    `→ codeLens/refresh median ${ms(median(refreshLatencies))} ("${lensTitle}")`,
);
console.log(
  `rename quick fix (${actions.length} actions with edits): first ${ms(coldFixMs)} (builds the TypeScript project), then ${ms(warmFixMs)}; RSS after: ${mb(rssAfterFix)}`,
);

await connection.sendRequest('shutdown');
const exited = new Promise((r) => server.once('exit', r));
await connection.sendNotification('exit');
await exited;
connection.dispose();

// (6) An editor start over the result cache (toolSchemaLens.evaluation.cache, on by default): a first start fills it,
// the second is timed, the same file opened right away (its text as on disk, as an editor restores it).
const cachedStarts = [];
for (const round of ['fill', 'timed']) {
  const s = startLspSession(cli, workspace.root);
  s.connection.listen();
  await s.connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: root,
    workspaceFolders: [{ uri: root, name: 'bench' }],
    initializationOptions: { debounceMs: 0 },
    capabilities: { workspace: { configuration: true }, window: { workDoneProgress: true } },
  });
  const at = performance.now();
  await s.connection.sendNotification('initialized', {});
  await s.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'typescript', version: 1, text: readFileSync(file, 'utf8') },
  });
  const firstAt = (await s.until('first diagnostics (cached start)', s.publishedFor(uri, 1))).at;
  await s.until('first scan (cached start)', s.idle, 300_000);
  const kept = s.logs.map((l) => /(\d+) file\(s\) not run again/.exec(l.message)).reduce((n, m) => n + (m ? Number(m[1]) : 0), 0);
  cachedStarts.push({ round, firstMs: firstAt - at, scanMs: performance.now() - at, kept });
  await s.connection.sendRequest('shutdown');
  const gone = new Promise((r) => s.server.once('exit', r));
  await s.connection.sendNotification('exit');
  await gone;
  s.connection.dispose();
}
const timedStart = cachedStarts[1];
console.log(
  `a start over the result cache (the second of two): first diagnostics ${ms(timedStart.firstMs)}, first scan ${ms(timedStart.scanMs)} ` +
    `(cold above: ${ms(firstMs)}, ${ms(scanMs)}); ${timedStart.kept} files answered from the cache`,
);
if (latencies.length === 0 || !hover || version < 2) process.exit(1);
