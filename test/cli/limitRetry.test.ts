/**
 * Results that hold (issue 23, item 1): a file stopped at a limit runs once more in a fresh worker before it is
 * reported. A start that spins only on its first run (it leaves a mark in the temp folder evaluation gives it, which
 * every worker of the check shares) is found on the second; one that always spins says it was stopped twice.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO, runCli } from './runCli';

const root = mkdtempSync(path.join(os.tmpdir(), 'tsl-limit-retry-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const server = (name: string, spin: string) =>
  [
    "import { existsSync, writeFileSync } from 'node:fs';",
    "import os from 'node:os';",
    "import path from 'node:path';",
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { z } from 'zod';",
    '',
    `const mark = path.join(os.tmpdir(), '${name}-ran');`,
    `if (${spin}) {`,
    "  writeFileSync(mark, '');",
    '  for (;;) {}',
    '}',
    `export const server = new McpServer({ name: '${name}', version: '1.0.0' });`,
    `server.registerTool('${name}', { inputSchema: { q: z.string() } }, async () => ({ content: [] }));`,
    '',
  ].join('\n');

describe('a file stopped at a limit', { timeout: 180_000 }, () => {
  it('runs once more in a fresh worker: found when the second run finishes, said twice-stopped when it does not', async () => {
    mkdirSync(path.join(root, 'src'));
    symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'limit-retry', private: true, type: 'module' }));
    writeFileSync(path.join(root, 'src', 'once.ts'), server('spins_once', '!existsSync(mark)'));
    writeFileSync(path.join(root, 'src', 'always.ts'), server('spins_always', 'true'));
    const run = await runCli(['check', '.', '--format', 'json', '--timeout', '1000'], { cwd: root, timeoutMs: 170_000 });
    const report = JSON.parse(run.stdout) as { tools: Array<{ name: string }>; diagnostics: Array<{ file: string; code: string; message: string }> };
    expect(report.tools.map((t) => t.name)).toEqual(['spins_once']);
    expect(report.diagnostics.map((d) => [d.file, d.code])).toEqual([['src/always.ts', 'evaluation-failed']]);
    expect(report.diagnostics[0].message).toMatch(
      /^evaluating this file timed out, so its tool schemas are not analysed; .* Evaluation used more than \d+ ms of CPU time and was stopped \(and again when run once more in a fresh worker\)\./,
    );
  });
});
