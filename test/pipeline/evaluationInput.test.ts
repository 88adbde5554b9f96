/**
 * Each evaluation reads a stdin of its own, open as a client's is. A stdio server that exits at the end of its input
 * used to exit while loading (the worker's stdin was /dev/null): a failed start, and the tools it registered after
 * connecting were missed. Evaluated first, it left the worker's one stdin ended, and a module evaluated after it in
 * the same worker that reads its input to the end then waited until the no-progress limit: one file changed
 * another's result. A module whose load waits for its input to end still gets an empty one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createEvaluator } from '../../server/pipeline/evaluate/index';

const REPO = path.resolve(__dirname, '../..');
const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-stdin-')));
fs.mkdirSync(path.join(root, 'src'));
fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'stdin-readers', private: true, type: 'module' }));
fs.writeFileSync(
  path.join(root, 'src', 'stdioServer.ts'),
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'stdio', version: '1.0.0' });
server.registerTool('lookup', { inputSchema: { key: z.string() } }, async () => ({ content: [] }));
process.stdin.on('end', () => process.exit(0));
await server.connect(new StdioServerTransport());
server.registerTool('later', { inputSchema: { id: z.number() } }, async () => ({ content: [] }));
`,
);
// A stdio loop the SDK's shims do not replace (its own reader of the input), closed with its input; more tools
// load after it started.
fs.writeFileSync(
  path.join(root, 'src', 'closesOnInputClose.ts'),
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import readline from 'node:readline';
import { z } from 'zod';

const server = new McpServer({ name: 'closing', version: '1.0.0' });
server.registerTool('beforeStart', { inputSchema: { what: z.string() } }, async () => ({ content: [] }));
const lines = readline.createInterface({ input: process.stdin });
lines.on('close', () => process.exit(0));
const { addMoreTools } = await import('./moreTools.js');
addMoreTools(server);
`,
);
fs.writeFileSync(
  path.join(root, 'src', 'moreTools.ts'),
  `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function addMoreTools(server: McpServer) {
  server.registerTool('afterStart', { inputSchema: { when: z.string() } }, async () => ({ content: [] }));
}
`,
);
fs.writeFileSync(
  path.join(root, 'src', 'readsInput.ts'),
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

let text = '';
for await (const chunk of process.stdin) text += chunk;
export const server = new McpServer({ name: 'reader', version: '1.0.0' });
server.registerTool('summarise', { description: text, inputSchema: { q: z.string() } }, async () => ({ content: [] }));
`,
);
// One worker, so the reader runs where the stdio server ran.
const evaluator = createEvaluator({ timeoutMs: 20_000, workers: 1, spareWorkerAfterMs: 600_000, cwd: root });
afterAll(async () => {
  await evaluator.dispose();
  fs.rmSync(root, { recursive: true, force: true });
});

const evaluate = (name: string) => evaluator.evaluate({ file: path.join(root, 'src', name), options: { flattenUnionInput: 'auto', target: 'draft-7' } });

it('a stdio server that exits when its input ends starts as under a client: no exit, every tool', async () => {
  const server = await evaluate('stdioServer.ts');
  expect(server.failure).toBeUndefined();
  expect(server.tools.map((t) => t.name)).toEqual(['lookup', 'later']);
  const closing = await evaluate('closesOnInputClose.ts');
  expect(closing.failure).toBeUndefined();
  expect(closing.tools.map((t) => t.name)).toEqual(['beforeStart', 'afterStart']);
});

it('a module that reads its input to the end, after a stdio server in the same worker, reads an empty input of its own', async () => {
  const server = await evaluate('stdioServer.ts');
  expect(server.tools.map((t) => t.name)).toEqual(['lookup', 'later']);
  const reader = await evaluate('readsInput.ts');
  expect(reader.failure).toBeUndefined();
  expect(reader.tools.map((t) => t.name)).toEqual(['summarise']);
  expect((await evaluate('stdioServer.ts')).tools.map((t) => t.name)).toEqual(['lookup', 'later']);
});
