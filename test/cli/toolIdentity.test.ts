/**
 * A tool is identified by its id, never by its name alone (issue 26, item 1): two servers in one workspace each
 * register `search`, one with a problem. The CLI's table, the Markdown report and the language server's tool list
 * each count that problem on its own tool only (they used to count it on both).
 */
import * as fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture, TestClient } from '../lsp/client';
import { runInProcess } from './runCli';

const clients: TestClient[] = [];
const roots: string[] = [];
afterAll(() => {
  for (const c of clients) c.kill();
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

describe('two servers with a tool of the same name', { timeout: 240_000 }, () => {
  it('count their problems apart in check', async () => {
    const text = await runInProcess(['check', 'two-servers', '--clients', 'codex']);
    expect(text.stdout).toMatch(/^search +44 +1 +two-servers\/src\/docs\.ts:6:1$/m);
    expect(text.stdout).toMatch(/^search +40 +0 +two-servers\/src\/issues\.ts:5:1$/m);
    const md = (await runInProcess(['check', 'two-servers', '--clients', 'codex', '--format', 'markdown'])).stdout;
    const sections = md.split('### ').filter((s) => s.startsWith('`search`'));
    expect(sections.map((s) => [s.includes('docs.ts'), s.includes('client-rejects')])).toEqual([
      [true, true],
      [false, false],
    ]);
  });

  it("judge a server's tool limit on that server's tools only", async () => {
    // Server `big` registers 81 tools, past Cursor's 80, one of them `search`; server `small`'s `search` loads.
    const json = JSON.parse((await runInProcess(['check', 'server-over-limit', '--clients', 'cursor', '--format', 'json'])).stdout) as {
      tools: Array<{ name: string; file: string; targets: Array<{ target: string; loads: boolean; broken: string[] }> }>;
    };
    const searches = json.tools.filter((t) => t.name === 'search').map((t) => [t.file.replace(/.*\/src\//, ''), t.targets]);
    expect(searches).toEqual([
      ['big.ts', [{ target: 'cursor', loads: false, broken: ['tools-per-server'] }]],
      ['small.ts', [{ target: 'cursor', loads: true, broken: [] }]],
    ]);
  });

  it('count their problems apart in the editor', async () => {
    const root = copyFixture('two-servers');
    roots.push(root);
    const client = await TestClient.inProcess({ root, settings: { clients: ['codex'] } });
    clients.push(client);
    await client.waitForStatus('idle');
    const listed: Array<{ name: string; uri: string; problems: { errors: number } }> = await client.request('toolSchemaLens/listTools', {});
    expect(listed.map((t) => [t.uri.replace(/.*\/src\//, ''), t.problems.errors]).sort()).toEqual([
      ['docs.ts', 1],
      ['issues.ts', 0],
    ]);
  });
});
