// `npm run bench mcp`: our MCP server (`tool-schema-lens mcp`) driven by the SDK's real client over stdio on the
// generated workspace (200 files × 5 tools = 1,000 tools by default), the result cache off so each figure is the
// server's own work: each tool call's latency cold (the first, a whole analysis) and warm (nothing changed; one file
// edited, so only it and its importers run again), and the tokens of our own tools/list (o200k_base).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { median, ms } from './stats.mjs';
import { generateWorkspace, REPO_ROOT, toolFileText } from './workspace.mjs';

const FILES = Number(process.env.BENCH_FILES ?? 200);
const TOOLS = Number(process.env.BENCH_TOOLS_PER_FILE ?? 5);
const RUNS = Number(process.env.BENCH_MCP_RUNS ?? 10);

const cli = path.join(REPO_ROOT, 'dist', 'cli.js');
if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run `npm run build` first (npm run bench does).');
  process.exit(2);
}

const workspace = generateWorkspace({ dir: path.join(REPO_ROOT, '.cache', 'bench-mcp-workspace'), files: FILES, toolsPerFile: TOOLS });
writeFileSync(path.join(workspace.root, 'toolschemalens.config.json'), JSON.stringify({ evaluation: { cache: false } }));
console.log(`workspace: ${FILES} files × ${TOOLS} tools = ${workspace.toolCount} tools (${path.relative(REPO_ROOT, workspace.root)})`);

const client = new Client({ name: 'bench', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp'], cwd: workspace.root, stderr: 'ignore' }));

const { tools } = await client.listTools();
console.log(`our tools/list: ${tools.length} tools, ${countTokens(JSON.stringify(tools))} tokens (o200k_base, as JSON)`);

async function timed(name, args) {
  const started = performance.now();
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return { ms: performance.now() - started, result: result.structuredContent };
}

const cold = await timed('check_tools', { pageSize: 200 });
console.log(`check_tools cold (whole analysis): ${ms(cold.ms)} (${cold.result.summary.tools} tools, ${cold.result.analysis.files} files run)`);

const warm = [];
for (let i = 0; i < RUNS; i++) warm.push((await timed('check_tools', { pageSize: 200 })).ms);
console.log(`check_tools warm, nothing changed: median ${ms(median(warm))} over ${RUNS}`);

const edited = workspace.toolFiles[Math.floor(FILES / 2)];
const afterEdit = [];
let filesRun = 0;
for (let i = 0; i < RUNS; i++) {
  writeFileSync(edited, toolFileText(Math.floor(FILES / 2), TOOLS, i + 1));
  const call = await timed('check_tools', { pageSize: 200 });
  afterEdit.push(call.ms);
  filesRun = call.result.analysis.files;
}
console.log(`check_tools after one file's edit: median ${ms(median(afterEdit))} over ${RUNS} (${filesRun} file(s) run)`);

const finding = cold.result.items.flatMap((item) => item.findings)[0];
const name = cold.result.items.find((item) => item.tool)?.tool ?? 'tool_0_0';
const calls = [
  ['preview_tool', { name, client: 'codex' }],
  ['explain_finding', { code: finding?.code ?? 'client-rejects' }],
  ...(finding ? [['suggest_fix', { file: finding.file, line: finding.line, code: finding.code }]] : []),
];
for (const [tool, args] of calls) {
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push((await timed(tool, args)).ms);
  console.log(`${tool} warm: median ${ms(median(times))} over ${RUNS}`);
}
const snapshot = await client.readResource({ uri: 'tool-schema-lens://snapshot' });
writeFileSync(path.join(workspace.root, 'tools.snapshot.json'), snapshot.contents[0].text);
const diffs = [];
for (let i = 0; i < RUNS; i++) diffs.push((await timed('diff_tools', {})).ms);
console.log(`diff_tools warm: median ${ms(median(diffs))} over ${RUNS}`);
await client.close();
