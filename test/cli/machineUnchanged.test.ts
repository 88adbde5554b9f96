/**
 * Checking a workspace never changes the machine (issue 21). A workspace whose starts do what real ones do (a bin
 * that is a CLI deleting what its argument names, a start that rewrites a settings file in HOME, truncates a log,
 * empties a folder outside the workspace, spawns a detached child, starts a worker thread that listens) is checked
 * by the real CLI: afterwards the workspace, a fake HOME and a folder outside both are byte-identical, no process
 * of it is left, and the findings name each attempt at its call.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, runCli } from './runCli';

let base: string;
let root: string;
let home: string;
let outside: string;

/** Every file under `dir` (links not followed) with a digest of its bytes and its mode. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (name === 'node_modules') continue;
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else out[path.relative(dir, full)] = `${stat.mode.toString(8)} ${createHash('sha256').update(readFileSync(full)).digest('hex')}`;
    }
  };
  walk(dir);
  return out;
}

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const pids = (pattern: string) => {
  try {
    return execFileSync('pgrep', ['-f', pattern], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};

beforeAll(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'tsl-machine-'));
  root = path.join(base, 'workspace');
  home = path.join(base, 'home');
  outside = path.join(base, 'outside');
  write(path.join(home, '.config', 'app', 'settings.json'), '{"theme":"dark"}\n');
  write(path.join(outside, 'uploads', 'a.png'), 'png');
  write(path.join(root, 'build', 'index.js'), 'built\n');
  write(path.join(root, 'data', 'customers.db'), 'rows\n');
  write(path.join(root, 'logs', 'server.log'), 'yesterday\n');
  write(
    path.join(root, 'package.json'),
    JSON.stringify(
      {
        name: 'machine',
        private: true,
        type: 'module',
        bin: { clean: 'src/cli.ts' },
        scripts: { start: 'tsx src/server.ts' },
        dependencies: { '@modelcontextprotocol/sdk': '*', zod: '*' },
      },
      null,
      2,
    ),
  );
  mkdirSync(path.join(root, 'node_modules', '@modelcontextprotocol'), { recursive: true });
  symlinkSync(path.join(REPO, 'node_modules', 'zod'), path.join(root, 'node_modules', 'zod'), 'dir');
  symlinkSync(path.join(REPO, 'node_modules', '@modelcontextprotocol', 'sdk'), path.join(root, 'node_modules', '@modelcontextprotocol', 'sdk'), 'dir');
  // A CLI with no main guard: run like a server, it deletes what its first argument names.
  write(path.join(root, 'src', 'cli.ts'), "import { rmSync } from 'node:fs';\n\nrmSync(process.argv[2] ?? 'build', { recursive: true, force: true });\n");
  write(
    path.join(root, 'src', 'server.ts'),
    [
      "import { spawn } from 'node:child_process';",
      "import { rmSync, truncateSync, writeFileSync } from 'node:fs';",
      "import { Worker } from 'node:worker_threads';",
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { z } from 'zod';",
      '',
      "export const server = new McpServer({ name: 'machine', version: '1.0.0' });",
      "server.registerTool('lookup', { inputSchema: { id: z.string() } }, async () => ({ content: [] }));",
      'const attempts: string[] = [];',
      'const tryIt = (what: string, act: () => unknown) => {',
      '  try {',
      '    act();',
      '  } catch (error) {',
      '    attempts.push(`${what}: ${(error as { code?: string }).code}`);',
      '  }',
      '};',
      `tryIt('settings', () => writeFileSync(${JSON.stringify(path.join(home, '.config', 'app', 'settings.json'))}, '{}'));`,
      "tryIt('log', () => truncateSync('logs/server.log'));",
      `tryIt('uploads', () => rmSync(${JSON.stringify(path.join(outside, 'uploads'))}, { recursive: true }));`,
      "tryIt('spawn', () => spawn('setsid', ['-f', 'sleep', '876.543'], { stdio: 'ignore' }));",
      "tryIt('thread', () => new Worker(\"require('node:http').createServer().listen(0); setInterval(() => {}, 1000);\", { eval: true }));",
      'server.registerTool(`refused_${attempts.length}`, { inputSchema: { id: z.string() } }, async () => ({ content: [] }));',
      // The one it does not catch: reported at the call.
      "rmSync(process.argv[2] ?? 'data', { recursive: true });",
    ].join('\n'),
  );
});

afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

describe('checking never changes the machine', { timeout: 180_000 }, () => {
  it('the workspace, HOME and a folder outside are byte-identical, nothing is left running, each attempt is named', async () => {
    const before = [snapshot(root), snapshot(home), snapshot(outside)];
    const run = await runCli(['check', '.', '--format', 'json', '--arg', 'data/customers.db'], { cwd: root, env: { HOME: home }, timeoutMs: 150_000 });
    expect(run.signal, run.stderr).toBeUndefined();
    expect([snapshot(root), snapshot(home), snapshot(outside)]).toEqual(before);
    expect(pids('sleep 876.543')).toBe('');
    const report = JSON.parse(run.stdout) as {
      tools: Array<{ name: string }>;
      diagnostics: Array<{ file: string; line: number; code: string; message: string }>;
    };
    // Every caught attempt was refused (five), and the start went on to register after them.
    expect(report.tools.map((t) => t.name).sort()).toEqual(['lookup', 'refused_5']);
    const failures = report.diagnostics.filter((d) => d.code === 'evaluation-failed').map((d) => `${d.file}:${d.line} ${d.message}`);
    // The uncaught one, at its call, with the argument the server was given; the CLI refused at its own call.
    expect(failures).toContainEqual(
      expect.stringMatching(/^src\/server\.ts:23 the check refused what this module tried while starting: it tried to write data\/customers\.db/),
    );
    expect(failures).toContainEqual(
      expect.stringMatching(/^src\/cli\.ts:3 the check refused what this module tried while starting: it tried to write build\b/),
    );
  });
});
