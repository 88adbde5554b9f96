/**
 * Workspace code is loaded the way Node runs it (issue 20): the patterns bundling got wrong, in one fixture
 * (test/fixtures/load-node/README.md). Each tool is found, each definition is byte for byte what a real client of
 * the SDK receives from the same module run by tsx (where tsx can run it: a `.sql` import, `cloudflare:workers` and
 * `server-only` exist only under a bundler or on a platform), and the same tools come back on a machine whose
 * every core is busy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, symlinkSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, runInProcess } from './runCli';
import { referenceList } from './support/referenceList';

const root = path.join(FIXTURES, 'load-node');

interface JsonTool {
  name: string;
  file: string;
  line: number;
  column: number;
  definition?: unknown;
}
interface JsonReport {
  tools: JsonTool[];
  diagnostics: Array<{ file: string; line: number; column: number; code: string }>;
  stubbed?: string[];
}

async function check(): Promise<{ code: number | null; report: JsonReport }> {
  const run = await runInProcess(['check', '.', '--format', 'json'], { cwd: root, timeoutMs: 240_000 });
  expect(run.signal, run.stderr).toBeUndefined();
  return { code: run.code, report: JSON.parse(run.stdout) as JsonReport };
}

beforeAll(() => {
  // An npm workspace links its packages into node_modules; fixtures keep no node_modules in git.
  const link = path.join(root, 'node_modules', '@acme', 'shared');
  if (!existsSync(link)) {
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.join('..', '..', 'packages', 'shared'), link, 'dir');
  }
});

describe('a workspace loaded as Node runs it', { timeout: 300_000 }, () => {
  let idle: JsonReport;

  it('finds every tool, each as a real client receives it, and says what it stubbed', async () => {
    const { code, report } = await check();
    idle = report;
    const byName = new Map(report.tools.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual(['acme_lookup', 'acme_search', 'notes_add', 'reports_query', 'route_ping', 'shared_echo']);
    // Where each is registered: through the registry loop, in the linked package, in the agent's init().
    expect(['acme_lookup', 'shared_echo', 'notes_add'].map((n) => `${byName.get(n)?.file}:${byName.get(n)?.line}`)).toEqual([
      'src/registry.ts:12',
      'packages/shared/src/index.ts:10',
      'src/worker/agent.ts:10',
    ]);
    for (const tool of [
      ...(await referenceList(root, 'src/index.ts', 'server')),
      ...(await referenceList(root, 'packages/shared/src/index.ts', 'sharedServer')),
    ]) {
      const name = (tool as { name: string }).name;
      expect(JSON.stringify(byName.get(name)?.definition), name).toBe(JSON.stringify(tool));
    }
    // The union behind the cycle's top-level await is judged, at its declaration.
    expect(report.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual(['src/tools/lookup.ts:11:11 union-shipped']);
    expect(report.stubbed).toEqual(['cloudflare:workers', 'server-only']);
    expect(code).toBe(0);
  });

  it('finds the same tools with every core busy', async () => {
    const loops: ChildProcess[] = [];
    try {
      for (let i = 0; i < os.availableParallelism(); i++) loops.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
      const { report } = await check();
      const definitions = (r: JsonReport) => r.tools.map((t) => JSON.stringify([t.name, t.file, t.line, t.definition])).sort();
      expect(definitions(report)).toEqual(definitions(idle));
    } finally {
      for (const loop of loops) loop.kill('SIGKILL');
    }
  });
});

describe("Vite's import.meta.glob", { timeout: 120_000 }, () => {
  it('finds the tool modules a glob loads, eagerly and lazily, and none a negative pattern excludes', async () => {
    const run = await runInProcess(['check', '.', '--format', 'json'], { cwd: path.join(FIXTURES, 'load-glob'), timeoutMs: 100_000 });
    expect(run.signal, run.stderr).toBeUndefined();
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.tools.map((t) => `${t.name} ${t.file}:${t.line}`).sort()).toEqual([
      'admin_purge src/admin/purge.ts:5',
      'notes_add src/tools/notes.ts:5',
      'tags_list src/tools/tags.ts:5',
    ]);
    expect(report.diagnostics).toEqual([]);
  });
});
