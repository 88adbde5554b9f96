/**
 * The language server never changes the machine either (issue 21), however often it runs a start: a workspace
 * whose entry rewrites a settings file in HOME, truncates a log, spawns a detached child and connects out, edited
 * ten times in an open buffer (each edit a run), leaves the workspace, a fake HOME and a folder outside
 * byte-identical, no process behind, no connection made; each attempt is an `evaluation-refused` at its call.
 * And when a file the entry imports is deleted and restored (a branch switch), the entry runs again and its
 * tools come back.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, TestClient, uriOf } from './client';

let base: string;
let root: string;
let home: string;
let outside: string;
let client: TestClient;
let listener: Server;
let connections = 0;
const lanAddress =
  Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? '192.0.2.1';

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of fs.readdirSync(d)) {
      const full = path.join(d, name);
      if (name === 'node_modules') continue;
      const stat = fs.statSync(full);
      if (stat.isDirectory()) walk(full);
      else out[path.relative(dir, full)] = `${stat.mode.toString(8)} ${createHash('sha256').update(fs.readFileSync(full)).digest('hex')}`;
    }
  };
  walk(dir);
  return out;
}

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const stray = () => {
  try {
    return execFileSync('pgrep', ['-f', 'sleep 765.432'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};

const entry = (port: number, name: string) =>
  [
    "import { spawn } from 'node:child_process';",
    "import { truncateSync, writeFileSync } from 'node:fs';",
    "import { connect } from 'node:net';",
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { z } from 'zod';",
    "import { register } from './tools.js';",
    '',
    "export const server = new McpServer({ name: 'machine', version: '1.0.0' });",
    'register(server);',
    `server.registerTool('${name}', { inputSchema: { id: z.string() } }, async () => ({ content: [] }));`,
    'const quietly = (act: () => unknown) => {',
    '  try {',
    '    act();',
    '  } catch {',
    '    // refused',
    '  }',
    '};',
    `quietly(() => writeFileSync(${JSON.stringify(path.join(home, '.config', 'app', 'settings.json'))}, '{}'));`,
    "quietly(() => truncateSync('logs/server.log'));",
    `quietly(() => writeFileSync(${JSON.stringify(path.join(outside, 'report.txt'))}, 'x'));`,
    "quietly(() => spawn('setsid', ['-f', 'sleep', '765.432'], { stdio: 'ignore' }));",
    `quietly(() => connect(${port}, ${JSON.stringify(lanAddress)}).on('error', () => undefined));`,
    '',
  ].join('\n');

const TOOLS = [
  "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  "import { z } from 'zod';",
  '',
  'export function register(server: McpServer) {',
  "  server.registerTool('restored', { inputSchema: { q: z.string() } }, async () => ({ content: [] }));",
  '}',
  '',
].join('\n');

beforeAll(async () => {
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '0.0.0.0', resolve));
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-lsp-machine-')));
  root = path.join(base, 'workspace');
  home = path.join(base, 'home');
  outside = path.join(base, 'outside');
  write(path.join(home, '.config', 'app', 'settings.json'), '{"theme":"dark"}\n');
  write(path.join(outside, 'report.txt'), 'kept\n');
  write(path.join(root, 'logs', 'server.log'), 'yesterday\n');
  write(
    path.join(root, 'package.json'),
    JSON.stringify({ name: 'lsp-machine', private: true, type: 'module', scripts: { start: 'tsx src/index.ts' } }, null, 2),
  );
  fs.mkdirSync(path.join(root, 'node_modules', '@modelcontextprotocol'), { recursive: true });
  fs.symlinkSync(path.join(REPO, 'node_modules', 'zod'), path.join(root, 'node_modules', 'zod'), 'dir');
  fs.symlinkSync(path.join(REPO, 'node_modules', '@modelcontextprotocol', 'sdk'), path.join(root, 'node_modules', '@modelcontextprotocol', 'sdk'), 'dir');
  write(path.join(root, 'src', 'index.ts'), entry((listener.address() as { port: number }).port, 'edit_0'));
  write(path.join(root, 'src', 'tools.ts'), TOOLS);
});

afterAll(() => {
  client?.kill();
  listener?.close();
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

describe('the language server never changes the machine', { timeout: 240_000 }, () => {
  const port = () => (listener.address() as { port: number }).port;
  const index = () => path.join(root, 'src', 'index.ts');
  const codes = (d: Array<{ code?: unknown }>) => d.map((x) => String(x.code));

  it('ten edits of an entry that writes, spawns and connects leave everything as it was, each attempt named', async () => {
    const before = [snapshot(root), snapshot(home), snapshot(outside)];
    client = await TestClient.spawn({ root, env: { HOME: home } });
    client.open(index());
    // Each edit is let run before the next: ten runs of the start, not one debounced run.
    let last = await client.waitForDiagnostics(index(), { version: 1 }, 120_000);
    for (let i = 1; i <= 10; i++) last = await client.waitForDiagnostics(index(), { version: client.change(index(), entry(port(), `edit_${i}`)) }, 120_000);
    const refused = last.diagnostics.filter((d) => d.code === 'evaluation-refused');
    const text = fs.readFileSync(index(), 'utf8');
    const lineOf = (needle: string) =>
      entry(port(), 'edit_10')
        .split('\n')
        .findIndex((l) => l.includes(needle));
    expect(text).toContain('edit_0'); // the edits were never saved
    const attempt = (d: { message: string }) => d.message.slice(0, d.message.indexOf(', and the check refused'));
    expect(refused.map((d) => [d.range.start.line, attempt(d)]).sort()).toEqual(
      [
        [lineOf('settings.json'), `while checking, this module tried to write ${path.join(home, '.config', 'app', 'settings.json')}`],
        [lineOf('server.log'), 'while checking, this module tried to write logs/server.log'],
        [lineOf('report.txt'), `while checking, this module tried to write ${path.join(outside, 'report.txt')}`],
        [lineOf("spawn('setsid'"), 'while checking, this module tried to start a process'],
        [lineOf('connect('), `while checking, this module tried to connect to ${lanAddress}:${port()}`],
      ].sort(),
    );
    const tools = (await client.request('toolSchemaLens/listTools', {})).map((t: { name: string }) => t.name);
    expect(tools).toEqual(expect.arrayContaining(['edit_10', 'restored']));
    expect(tools).not.toContain('edit_9');
    expect([snapshot(root), snapshot(home), snapshot(outside)]).toEqual(before);
    expect(stray()).toBe('');
    expect(connections).toBe(0);
  });

  it('re-runs the entry when a file it imports is deleted and restored, and its tools come back', async () => {
    const tools = path.join(root, 'src', 'tools.ts');
    let mark = client.diagnostics.length;
    fs.rmSync(tools);
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(tools), type: 3 }] });
    const broken = await client.waitForDiagnostics(index(), { after: mark, match: (d) => codes(d).includes('evaluation-failed') }, 120_000);
    expect(broken.diagnostics.find((d) => d.code === 'evaluation-failed')!.message).toMatch(/tools/);
    mark = client.diagnostics.length;
    write(tools, TOOLS);
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(tools), type: 1 }] });
    await client.waitForDiagnostics(index(), { after: mark, match: (d) => !codes(d).includes('evaluation-failed') }, 120_000);
    const names = (await client.request('toolSchemaLens/listTools', {})).map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['edit_10', 'restored']));
  });
});
