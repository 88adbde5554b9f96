/**
 * A tsconfig.json that does not parse is reported on the tsconfig itself, naming what TypeScript says, as an
 * error (exit 1): the folder is analysed without it, and the tools are still found (issue 23, item 5).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO, runInProcess } from './runCli';

const root = mkdtempSync(path.join(os.tmpdir(), 'tsl-broken-tsconfig-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a tsconfig.json that does not parse', { timeout: 120_000 }, () => {
  it('is an error on the tsconfig, with the message TypeScript gives, and the tools are still found', async () => {
    mkdirSync(path.join(root, 'src'));
    symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'broken-tsconfig', private: true, type: 'module' }));
    writeFileSync(path.join(root, 'tsconfig.json'), '{\n  "compilerOptions": {\n    "strict": true,\n    "paths": { "@/*": ["./src/*"] }\n');
    writeFileSync(
      path.join(root, 'src', 'server.ts'),
      [
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "import { z } from 'zod';",
        "export const server = new McpServer({ name: 'b', version: '1.0.0' });",
        "server.registerTool('lookup', { inputSchema: { id: z.string() } }, async () => ({ content: [] }));",
        '',
      ].join('\n'),
    );
    const run = await runInProcess(['check', '.'], { cwd: root, timeoutMs: 100_000 });
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n')[0]).toBe(
      "tsconfig.json:5:1 error config-invalid tsconfig.json does not parse: '}' expected; this folder was analysed without it (its paths, baseUrl and JSX settings ignored), and tsc fails on it too",
    );
    expect(run.stdout).toContain('lookup');
  });

  it("takes the project's severity for config-invalid: a warning there, exit 0", async () => {
    writeFileSync(path.join(root, 'toolschemalens.config.json'), JSON.stringify({ severity: { 'config-invalid': 'warning' } }));
    const run = await runInProcess(['check', '.'], { cwd: root, timeoutMs: 100_000 });
    expect([run.code, run.stdout.split('\n')[0].startsWith('tsconfig.json:5:1 warning config-invalid tsconfig.json does not parse')]).toEqual([0, true]);
  });
});
