/**
 * `check` keeps evaluations across runs (issue 27, item 1) and reuses one only when its request and every file it
 * depended on are unchanged: the report of a cached run is byte-identical to an uncached one, whatever changed in
 * between (a module it imports, a JSON file its code reads, a variable it reads, the install), and a file that
 * failed is always run. Token counts are kept beside the evaluations, by the text counted. `--no-cache` and
 * `evaluation.cache: false` in the project configuration turn both off.
 */
import * as fs from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, runCli, runInProcess, type CliRun } from './runCli';

let root: string;
/** A service on loopback that local.ts talks to at start: what it answers is in no file, so local.ts is never kept. */
let service: Server;
/** The variable greeted.ts reads, from the environment `check` runs in. */
let greeting = 'hello';
const cacheDir = () => path.join(root, 'node_modules', '.cache', 'tool-schema-lens');

const TOOLS = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { paging } from './shared';

export const server = new McpServer({ name: 'cached', version: '1.0.0' });
server.registerTool('search', { inputSchema: { query: z.string(), ...paging } }, async () => ({ content: [] }));
`;
const NAMED = `import { readFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const names = JSON.parse(readFileSync(new URL('./names.json', import.meta.url), 'utf8')) as string[];
export const server = new McpServer({ name: 'named', version: '1.0.0' });
for (const name of names) server.registerTool(name, { inputSchema: { id: z.string() } }, async () => ({ content: [] }));
`;
const GREETED = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export const server = new McpServer({ name: 'greeted', version: '1.0.0' });
server.registerTool('greet', { description: process.env.GREETING ?? 'no greeting', inputSchema: { id: z.string() } }, async () => ({ content: [] }));
`;
const BROKEN = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export const server = new McpServer({ name: 'broken', version: '1.0.0' });
server.registerTool('early', { inputSchema: { id: z.string() } }, async () => ({ content: [] }));
throw new Error('configuration missing');
`;

const LOCAL = (port: number) => `import net from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const socket = net.connect(${port}, '127.0.0.1');
await new Promise((resolve) => socket.once('connect', resolve));
socket.destroy();
export const server = new McpServer({ name: 'local', version: '1.0.0' });
server.registerTool('local', { inputSchema: { id: z.string() } }, async () => ({ content: [] }));
`;

function write(relative: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), text);
}

/** A check of the workspace: its JSON report, and how many files stderr says were not run again. */
function check(...flags: string[]): Promise<{ report: string; fromCache: number }> {
  return reportOf(runInProcess(['check', '.', '--format', 'json', ...flags], { cwd: root, env: { GREETING: greeting } }));
}

/** The same by the built CLI in a process of its own: what a new process reads from the cache folder. */
function checkInNewProcess(...flags: string[]): Promise<{ report: string; fromCache: number }> {
  return reportOf(runCli(['check', '.', '--format', 'json', ...flags], { cwd: root, env: { GREETING: greeting } }));
}

async function reportOf(running: Promise<CliRun>): Promise<{ report: string; fromCache: number }> {
  const run = await running;
  expect([0, 1], run.stderr).toContain(run.code);
  const note = /(\d+) file\(s\) not run again/.exec(run.stderr);
  return { report: run.stdout, fromCache: note ? Number(note[1]) : 0 };
}

beforeAll(async () => {
  service = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-cache-')));
  write('src/local.ts', LOCAL((service.address() as { port: number }).port));
  write('package.json', JSON.stringify({ name: 'cached', private: true, type: 'module' }));
  write('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, module: 'ESNext', moduleResolution: 'Bundler' } }));
  write('src/shared.ts', `import { z } from 'zod';\nexport const paging = { limit: z.number().int().max(100).optional() };\n`);
  write('src/tools.ts', TOOLS);
  write('src/named.ts', NAMED);
  write('src/names.json', JSON.stringify(['first', 'second']));
  write('src/greeted.ts', GREETED);
  write('src/broken.ts', BROKEN);
  // An install a package manager made: its own node_modules, marked, with the repository's packages linked in.
  fs.mkdirSync(path.join(root, 'node_modules', '@modelcontextprotocol'), { recursive: true });
  fs.symlinkSync(path.join(REPO, 'node_modules', 'zod'), path.join(root, 'node_modules', 'zod'), 'dir');
  fs.symlinkSync(path.join(REPO, 'node_modules', '@modelcontextprotocol', 'sdk'), path.join(root, 'node_modules', '@modelcontextprotocol', 'sdk'), 'dir');
  fs.writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), '{"lockfileVersion":3}');
});
afterAll(() => {
  service.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the result cache', { timeout: 300_000 }, () => {
  let first: string;

  it('answers a second run from the cache, with the same report, and not the file that failed', async () => {
    const cold = await check();
    first = cold.report;
    expect(cold.fromCache).toBe(0);
    const names = (JSON.parse(first) as { tools: Array<{ name: string }> }).tools.map((t) => t.name).sort();
    expect(names).toEqual(['early', 'first', 'greet', 'local', 'search', 'second']);
    expect(first).toContain('configuration missing');
    const warm = await check();
    expect(warm.report).toBe(first);
    // tools.ts, named.ts and greeted.ts; broken.ts failed and local.ts reached a service, so they run every time.
    expect(warm.fromCache).toBe(3);
    expect(fs.readdirSync(cacheDir()).filter((n) => n.endsWith('.json') && !n.startsWith('token-counts-'))).toHaveLength(3);
    const uncached = await check('--no-cache');
    expect(uncached).toEqual({ report: first, fromCache: 0 });
  });

  it('keeps token counts beside them: a second run takes them from there, and a damaged file is counted again', async () => {
    // One folder per process keeps its counts (the first it checks): a process of its own checks this one.
    await checkInNewProcess();
    const [countsFile] = fs.readdirSync(cacheDir()).filter((n) => /^token-counts-o200k_base-[\d.]+\.json$/.test(n));
    expect(countsFile).toBeDefined();
    const kept = JSON.parse(fs.readFileSync(path.join(cacheDir(), countsFile), 'utf8')) as { counts: Record<string, number> };
    expect(Object.keys(kept.counts).length).toBeGreaterThanOrEqual(6);
    // Every kept count planted as 1000: a run that shows them never asked the tokenizer.
    const planted = { ...kept, counts: Object.fromEntries(Object.keys(kept.counts).map((key) => [key, 1000])) };
    fs.writeFileSync(path.join(cacheDir(), countsFile), JSON.stringify(planted));
    // The counts are read once per process: a new process shows what the folder holds.
    const fromKept = JSON.parse((await checkInNewProcess()).report) as { tools: Array<{ name: string; tokens: { total: number } }> };
    expect(fromKept.tools.find((t) => t.name === 'search')?.tokens.total).toBe(1000);
    fs.writeFileSync(path.join(cacheDir(), countsFile), '{ not json');
    expect((await checkInNewProcess()).report).toBe(first);
    expect((await checkInNewProcess()).report).toBe(first);
  });

  it('runs a file again when a module it imports changed', async () => {
    write('src/shared.ts', `import { z } from 'zod';\nexport const paging = { limit: z.number().int().max(50).optional() };\n`);
    const after = await check();
    expect(after.fromCache).toBe(2); // named.ts, greeted.ts
    expect(after.report).not.toBe(first);
    expect(after.report).toContain('"maximum": 50');
    expect(after.report).toBe((await check('--no-cache')).report);
  });

  it('runs a file again when a file its code read changed', async () => {
    write('src/names.json', JSON.stringify(['first', 'third']));
    const after = await check();
    expect(after.fromCache).toBe(2); // tools.ts, greeted.ts
    const names = (JSON.parse(after.report) as { tools: Array<{ name: string }> }).tools.map((t) => t.name).sort();
    expect(names).toEqual(['early', 'first', 'greet', 'local', 'search', 'third']);
    expect(after.report).toBe((await check('--no-cache')).report);
  });

  it('runs a file again when a variable its code read changed', async () => {
    greeting = 'good morning';
    const after = await check();
    expect(after.fromCache).toBe(2); // tools.ts, named.ts
    expect(after.report).toContain('"good morning"');
    expect(after.report).toBe((await check('--no-cache')).report);
  });

  it('runs every file again after an install', async () => {
    expect((await check()).fromCache).toBe(3);
    fs.writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), '{"lockfileVersion":3,"packages":{}}');
    expect((await check()).fromCache).toBe(0);
    expect((await check()).fromCache).toBe(3);
  });

  it('is neither read nor written with --no-cache, token counts included', async () => {
    fs.rmSync(cacheDir(), { recursive: true, force: true });
    await check('--no-cache');
    expect(fs.existsSync(cacheDir())).toBe(false);
  });

  it('is neither read nor written when the project configuration turns it off', async () => {
    await check();
    expect((await check()).fromCache).toBe(3);
    write('toolschemalens.config.json', JSON.stringify({ evaluation: { cache: false } }));
    try {
      fs.rmSync(cacheDir(), { recursive: true, force: true });
      expect((await check()).fromCache).toBe(0);
      expect(fs.existsSync(cacheDir())).toBe(false);
    } finally {
      fs.rmSync(path.join(root, 'toolschemalens.config.json'));
    }
  });
});
