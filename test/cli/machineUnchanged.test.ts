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
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, runCli } from './runCli';

let base: string;
let root: string;
let home: string;
let outside: string;
/** A listener of the test's own on every interface: user code aims at it through the machine's own address. */
let listener: Server;
let listenerPort = 0;
let connections = 0;
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

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

beforeAll(async () => {
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '0.0.0.0', resolve));
  listenerPort = (listener.address() as { port: number }).port;
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
  // A package that probes the system as it loads (as platform-detection packages do) and copes when refused.
  write(path.join(root, 'node_modules', 'probe-pkg', 'package.json'), JSON.stringify({ name: 'probe-pkg', main: 'index.js' }));
  write(
    path.join(root, 'node_modules', 'probe-pkg', 'index.js'),
    "let kernel = 'unknown';\ntry {\n  kernel = require('node:fs').readFileSync('/proc/version', 'utf8');\n} catch {}\nmodule.exports = { kernel };\n",
  );
  // A CLI with no main guard: run like a server, it deletes what its first argument names.
  write(path.join(root, 'src', 'cli.ts'), "import { rmSync } from 'node:fs';\n\nrmSync(process.argv[2] ?? 'build', { recursive: true, force: true });\n");
  write(
    path.join(root, 'src', 'server.ts'),
    [
      "import { spawn } from 'node:child_process';",
      "import { lookup } from 'node:dns';",
      "import { connect } from 'node:net';",
      "import { rmSync, truncateSync, writeFileSync } from 'node:fs';",
      "import { Worker } from 'node:worker_threads';",
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { z } from 'zod';",
      "import 'probe-pkg';",
      '',
      `const HOST = ${JSON.stringify(lanAddress ?? '192.0.2.1')};`,
      `const PORT = ${listenerPort};`,
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
      // The network: a connection, a lookup and a fetch beyond loopback, each caught.
      "tryIt('connect', () => connect(PORT, HOST).on('error', () => undefined));",
      "lookup('example.com', () => undefined);",
      'fetch(`http://${HOST}:${PORT}/`).catch(() => undefined);',
      'server.registerTool(`refused_${attempts.length}`, { inputSchema: { id: z.string() } }, async () => ({ content: [] }));',
      // The one it does not catch: reported at the call.
      "rmSync(process.argv[2] ?? 'data', { recursive: true });",
    ].join('\n'),
  );
});

afterAll(() => {
  listener?.close();
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
    // Every attempt was refused (five throw at once; a connection fails as an unreachable host would, later), and the start went on to register after them.
    expect(report.tools.map((t) => t.name).sort()).toEqual(['lookup', 'refused_5']);
    // Each caught attempt is named at its call, and evaluation went on.
    const source = readFileSync(path.join(root, 'src', 'server.ts'), 'utf8').split('\n');
    const lineOf = (text: string) => source.findIndex((l) => l.includes(text)) + 1;
    const refused = report.diagnostics.filter((d) => d.code === 'evaluation-refused').map((d) => `${d.file}:${d.line} ${d.message}`);
    const at = (text: string, what: RegExp) =>
      expect(refused).toContainEqual(expect.stringMatching(new RegExp(`^src/server\\.ts:${lineOf(text)} while checking, this module tried to ${what.source}`)));
    at("tryIt('settings'", /write .*settings\.json/);
    at("tryIt('log'", /write .*server\.log/);
    at("tryIt('uploads'", /(read|write) .*uploads/);
    at("tryIt('spawn'", /start a process/);
    at("tryIt('thread'", /start a worker thread/);
    at("tryIt('connect'", new RegExp(`connect to ${(lanAddress ?? '192.0.2.1').replace(/\./g, '\\.')}:${listenerPort}`));
    at("lookup('example.com'", /connect to example\.com/);
    at('fetch(', /connect to /);
    // A package's own refused probe is the package's business, not a finding.
    expect(refused.filter((r) => r.includes('/proc/version'))).toEqual([]);
    expect(refused).toHaveLength(8);
    const failures = report.diagnostics.filter((d) => d.code === 'evaluation-failed').map((d) => `${d.file}:${d.line} ${d.message}`);
    // The uncaught one, at its call, with the argument the server was given.
    expect(failures).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^src/server\\.ts:${lineOf("rmSync(process.argv[2] ?? 'data'")} the check refused what this module tried while starting, so later tools are not analysed; .* It tried to write data/customers\\.db`,
        ),
      ),
    );
    // Nothing reached the network: the listener never saw a connection.
    expect(connections).toBe(0);
    // The CLI bin reaches no tool library: it is not run at all, and the report says so.
    expect(failures.filter((f) => f.startsWith('src/cli.ts'))).toEqual([]);
    expect((report as { notRun?: unknown }).notRun).toEqual([{ file: 'src/cli.ts', reason: 'no-tool-library' }]);
  });
});
