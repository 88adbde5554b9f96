/**
 * The differential test of loading (issue 48): each fixture under `test/fixtures/toolchains/` is a server written in
 * one toolchain's pattern (README there). The oracle is the toolchain itself: the fixture is copied, built with its
 * own `build` script where it has one, started as its `start`/`dev` script starts it (`tsx`, `node` on the build's
 * output, `wrangler dev` for the Worker), and listed by the SDK's real client. `check` runs on the unbuilt source, in
 * place, from a copy under the OS temporary folder and through a symlink; the tools it reports must be the oracle's,
 * definition for definition, byte for byte.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, REPO, runInProcess } from './runCli';

const ROOT = path.join(FIXTURES, 'toolchains');
const BIN = path.join(REPO, 'node_modules', '.bin');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tsl-toolchains-'));

interface Fixture {
  /** Folder under toolchains/. */
  name: string;
  /** The folder a user checks and starts, inside the fixture. */
  app?: string;
  /** What the fixture stands for. */
  what: string;
}

const FIXTURE_LIST: Fixture[] = [
  { name: 'cjs-tsc', what: 'a CommonJS package compiled by tsc (JSON and CommonJS named imports, export =, require.main, a type re-exported)' },
  { name: 'esm-tsx', what: 'an ES module package run with tsx (top-level await, a JSON import attribute, import.meta.dirname)' },
  { name: 'dual-bundled', what: 'a dual library built by a bundler (a type re-exported without `type`, an import cycle, lodash by name)' },
  { name: 'tsx-jsx', what: 'a CommonJS package with a TSX server and its own JSX factory, run with tsx' },
  { name: 'monorepo', app: 'apps/server', what: 'an ES module app of npm workspaces using a linked CommonJS package built by tsc' },
  { name: 'workers', what: 'a Cloudflare Workers app (Workers globals at load, a Durable Object), run by wrangler dev' },
];

/**
 * A fixture's node_modules: the Worker's own install; in place, the monorepo's link to its workspace package (the
 * others resolve this repository's packages from its node_modules above them); in a copy elsewhere, those packages
 * linked in, as an install would put them there.
 */
function linkModules(dir: string, name: string, copy: boolean): void {
  const modules = path.join(dir, 'node_modules');
  if (name === 'workers') {
    if (copy) symlinkSync(path.join(ROOT, name, 'node_modules'), modules, 'dir');
    return;
  }
  if (copy && name !== 'monorepo') {
    symlinkSync(path.join(REPO, 'node_modules'), modules, 'dir');
    return;
  }
  mkdirSync(path.join(modules, '@acme'), { recursive: true });
  const tools = path.join(modules, '@acme', 'tools');
  if (!existsSync(tools)) symlinkSync(path.join('..', '..', 'packages', 'tools'), tools, 'dir');
  if (!copy) return;
  for (const entry of readdirSync(path.join(REPO, 'node_modules'))) {
    if (entry !== '@acme' && !entry.startsWith('.')) symlinkSync(path.join(REPO, 'node_modules', entry), path.join(modules, entry), 'dir');
  }
}

/** A copy of the fixture (its sources only), with its modules linked. */
function copyOf(name: string, into: string): string {
  const dir = path.join(into, name);
  cpSync(path.join(ROOT, name), dir, { recursive: true, filter: (src) => !src.split(path.sep).includes('node_modules') });
  linkModules(dir, name, true);
  return dir;
}

function scriptOf(dir: string, names: string[]): string | undefined {
  const scripts = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  return names.map((n) => scripts[n]).find(Boolean);
}

/** Runs a package script's command line as npm would (its bins on PATH), synchronously; throws with its output. */
function runScript(dir: string, command: string): void {
  const run = spawnSync('sh', ['-c', command], { cwd: dir, encoding: 'utf8', env: { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH}` } });
  if (run.status !== 0) throw new Error(`${command} failed in ${dir}:\n${run.stdout}\n${run.stderr}`);
}

/** The tools the real client lists from the fixture started as its scripts start it, by name → JSON. */
async function oracle(fixture: Fixture): Promise<Record<string, string>> {
  const top = copyOf(fixture.name, path.join(scratch, 'oracle'));
  const app = path.join(top, fixture.app ?? '.');
  // Build what the app runs: its workspace packages first, then itself, each with its own build script.
  for (const dir of [...(fixture.app ? [path.join(top, 'packages', 'tools')] : []), app]) {
    const build = scriptOf(dir, ['build']);
    if (build) runScript(dir, build);
  }
  const client = new Client({ name: 'toolchains-oracle', version: '0' });
  let server: ChildProcess | undefined;
  try {
    if (fixture.name === 'workers') {
      const { url, child } = await wranglerDev(app);
      server = child;
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    } else {
      const start = scriptOf(app, ['start', 'dev'])!.split(' ');
      const command = start[0] === 'node' ? process.execPath : path.join(BIN, start[0]);
      await client.connect(new StdioClientTransport({ command, args: start.slice(1), cwd: app, stderr: 'ignore' }));
    }
    const { tools } = await client.listTools();
    return Object.fromEntries(tools.map((t) => [t.name, JSON.stringify(t)]));
  } finally {
    await client.close().catch(() => undefined);
    server?.kill('SIGKILL');
  }
}

/** `wrangler dev` on a free loopback port, its home in the scratch folder; resolves once it says it is ready. */
function wranglerDev(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const home = path.join(scratch, 'wrangler-home');
  mkdirSync(home, { recursive: true });
  const child = spawn(path.join(dir, 'node_modules', '.bin', 'wrangler'), ['dev', '--ip', '127.0.0.1', '--port', '0'], {
    cwd: dir,
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: home, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /Ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (ready) resolve({ url: `${ready[1]}/mcp`, child });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`wrangler dev exited (${code}) before it was ready:\n${out}`)));
  });
}

/** The tools `check` reports on `dir` (unbuilt), by name → the definition as its library lists it. */
async function checked(dir: string): Promise<{ tools: Record<string, string>; failures: string[] }> {
  const run = await runInProcess(['check', dir, '--format', 'json', '--no-cache']);
  const report = JSON.parse(run.stdout) as { tools: Array<{ name: string; definition?: unknown }>; diagnostics: Array<{ code: string; message: string }> };
  return {
    tools: Object.fromEntries(report.tools.map((t) => [t.name, JSON.stringify(t.definition)])),
    failures: report.diagnostics.filter((d) => d.code === 'evaluation-failed' || d.code === 'no-tools-found').map((d) => d.message),
  };
}

beforeAll(() => {
  linkModules(path.join(ROOT, 'monorepo'), 'monorepo', false);
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.each(FIXTURE_LIST)('$name: $what', (fixture) => {
  let expected: Record<string, string>;
  beforeAll(async () => {
    expected = await oracle(fixture);
  });

  it('the toolchain itself lists tools (the oracle works)', () => {
    expect(Object.keys(expected).length).toBeGreaterThan(0);
  });

  it('check on the unbuilt source reports the same tools, byte for byte, and no load failure', async () => {
    const result = await checked(path.join(ROOT, fixture.name, fixture.app ?? '.'));
    expect(result.failures).toEqual([]);
    expect(result.tools).toEqual(expected);
  });

  it('the same from a copy under the OS temporary folder', async () => {
    const copy = copyOf(fixture.name, mkdtempSync(path.join(scratch, 'copy-')));
    expect((await checked(path.join(copy, fixture.app ?? '.'))).tools).toEqual(expected);
  });

  it('the same through a symlink to the fixture', async () => {
    const link = path.join(mkdtempSync(path.join(scratch, 'link-')), fixture.name);
    symlinkSync(path.join(ROOT, fixture.name), link, 'dir');
    expect((await checked(path.join(link, fixture.app ?? '.'))).tools).toEqual(expected);
  });
});
