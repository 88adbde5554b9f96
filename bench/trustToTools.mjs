// Seconds from a trusted start to every tool known, with a tool file open (issue 51): the language server over stdio
// on the whole-server bench workspace (bench/serverWorkspace.mjs: 1,000 tools in 200 files, registered through a
// registry loop by one entry), the result cache off, a tool file opened right after `initialized`. Prints the time to
// the first status that counts every tool, to the scan's idle, and whether the open file's own lens is there then.
// Run: npm run build && node bench/trustToTools.mjs (BENCH_FILES, BENCH_TOOLS_PER_FILE as in servers.mjs).
// On a real server instead: BENCH_ROOT=<its folder> BENCH_OPEN=<a tool file in it> BENCH_TOOLS=<the tools check finds>.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startLspSession } from './lspSession.mjs';
import { REPO_ROOT } from './workspace.mjs';
import { generateServerWorkspace } from './serverWorkspace.mjs';

const FILES = Number(process.env.BENCH_FILES ?? 200);
const TOOLS = Number(process.env.BENCH_TOOLS_PER_FILE ?? 5);
const cli = path.join(REPO_ROOT, 'dist', 'cli.js');
const real = process.env.BENCH_ROOT;
const workspace = real
  ? { root: path.resolve(real), toolCount: Number(process.env.BENCH_TOOLS), toolFiles: [path.resolve(real, process.env.BENCH_OPEN)] }
  : generateServerWorkspace({ files: FILES, toolsPerFile: TOOLS });
const { server, connection, until, wake } = startLspSession(cli, workspace.root, { evaluation: { cache: false } });
let status = { state: 'starting', tools: 0 };
let allKnownAt;
connection.onNotification('toolSchemaLens/status', (p) => {
  status = p;
  if (allKnownAt === undefined && p.tools >= workspace.toolCount) allKnownAt = performance.now();
  wake();
});
connection.listen();
const root = pathToFileURL(workspace.root).href;
await connection.sendRequest('initialize', {
  processId: process.pid,
  rootUri: root,
  workspaceFolders: [{ uri: root, name: 'bench' }],
  initializationOptions: { debounceMs: 0, isTrusted: true },
  capabilities: { workspace: { configuration: true }, window: { workDoneProgress: true }, textDocument: { publishDiagnostics: { versionSupport: true } } },
});
const started = performance.now();
await connection.sendNotification('initialized', {});
const file = workspace.toolFiles[real ? 0 : Math.floor(FILES / 2)];
const uri = pathToFileURL(file).href;
await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 1, text: readFileSync(file, 'utf8') } });
await until('every tool known', () => (allKnownAt !== undefined ? true : undefined), 600_000);
await until('the scan idle', () => (status.state === 'idle' && status.tools >= workspace.toolCount ? true : undefined), 600_000);
const idleAt = performance.now();
const lenses = await connection.sendRequest('textDocument/codeLens', { textDocument: { uri } });
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`${workspace.toolCount} tools, ${path.relative(REPO_ROOT, file)} open from the start`);
console.log(`  all tools known ${((allKnownAt - started) / 1000).toFixed(1)} s after trust; scan idle at ${((idleAt - started) / 1000).toFixed(1)} s`);
console.log(
  `  lenses in the open tool file then: ${lenses.length} (${lenses
    .map((l) => l.command.title)
    .slice(0, 2)
    .join('; ')})`,
);
server.kill();
process.exit(0);
