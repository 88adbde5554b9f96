/**
 * Duplicates only where a host sees them (issue 20, item 5): two tool sets that name the same tool (one per
 * provider) and a separate example program are no duplicate; one server registering a name twice is.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runInProcess } from './runCli';

describe('duplicate tool names', { timeout: 120_000 }, () => {
  it('are counted per server, never across alternative tool sets or programs', async () => {
    const run = await runInProcess(['check', '.', '--format', 'json'], { cwd: path.join(FIXTURES, 'alt-toolsets'), timeoutMs: 100_000 });
    expect(run.signal, run.stderr).toBeUndefined();
    const report = JSON.parse(run.stdout) as {
      tools: Array<{ name: string }>;
      diagnostics: Array<{ file: string; line: number; code: string; tool?: string }>;
    };
    expect(report.tools.map((t) => t.name).sort()).toEqual(['lookup', 'lookup', 'search', 'search', 'search']);
    expect(report.diagnostics.map((d) => `${d.file}:${d.line} ${d.code} ${d.tool}`)).toEqual([
      'src/server.ts:6 not-mountable lookup',
      'src/server.ts:7 not-mountable lookup',
    ]);
    expect(run.code).toBe(1);
  });

  it('tokens count what one host is sent: each server, each exported tool set, never the folder summed', async () => {
    const cwd = path.join(FIXTURES, 'alt-toolsets');
    const run = await runInProcess(['check', '.', '--format', 'json'], { cwd, timeoutMs: 100_000 });
    expect(run.signal, run.stderr).toBeUndefined();
    const report = JSON.parse(run.stdout) as {
      servers: Array<{ name: string; tools: number; total: number }>;
    };
    expect(report.servers.map((s) => [s.name, s.tools])).toEqual([
      ['`openaiTools` (agents.ts)', 1],
      ['`anthropicTools` (agents.ts)', 1],
      ['`tools` (example.ts)', 1],
      ['`dup`', 2],
    ]);
    const text = await runInProcess(['check', '.'], { cwd, timeoutMs: 100_000 });
    expect(text.stdout).toContain('5 tools in 4 servers or tool sets');
    expect(text.stdout).toMatch(/^ {2}`dup`: 2 tools, \d+ tokens/m);
  });
});
