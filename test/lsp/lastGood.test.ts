/**
 * Results that hold (issue 23, item 1): when a file's latest run fails and loses its tools (a half-typed line, a
 * throw, a limit), the editor keeps its last good tools, marked stale in the hover and the tool list, reports the
 * failure beside them, and says in the status how many files did not evaluate; the next good run replaces them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture, TestClient } from './client';
import { positionOf } from './fixture';

const root = copyFixture('lsp-basic');
const tools = path.join(root, 'src/tools.ts');
let client: TestClient | undefined;
afterAll(() => {
  client?.kill();
  fs.rmSync(root, { recursive: true, force: true });
});

interface Listed {
  name: string;
  source: string;
}

describe('the last good results of a file', { timeout: 180_000 }, () => {
  it('stay, marked stale, while its runs fail, and go once one succeeds', async () => {
    client = await TestClient.inProcess({ root });
    const good = fs.readFileSync(tools, 'utf8');
    client.open(tools);
    await client.waitForDiagnostics(tools, { version: 1, match: (d) => d.some((x) => x.code === 'collision-widened') });
    await client.waitForStatus('idle');
    const before: Listed[] = await client.request('toolSchemaLens/listTools', {});
    expect(before.map((t) => t.name).sort()).toEqual(['ping', 'send_update']);

    // A throw before any registration: the run has no tool at all.
    const broken = good.replace('export const server = new McpServer(', "throw new Error('half-way through an edit');\nexport const server = new McpServer(");
    let mark = client.notifications.length;
    const version = client.change(tools, broken);
    const failed = await client.waitForDiagnostics(tools, { version, match: (d) => d.some((x) => x.code === 'evaluation-failed') });
    // The kept findings moved with the text (one line down), beside the failure.
    expect(failed.diagnostics.filter((d) => d.code === 'collision-widened').length).toBeGreaterThan(0);
    const status = await client.waitForStatus('idle', mark);
    expect([status.tools, status.notEvaluated]).toEqual([2, 1]);
    expect(status.detail).toMatch(/^1 file did not evaluate: what it registers after the failure is missing, or shown from its last good run/);
    const kept: Listed[] = await client.request('toolSchemaLens/listTools', {});
    expect(kept.map((t) => [t.name, t.source.startsWith('Last good result')]).sort()).toEqual([
      ['ping', true],
      ['send_update', true],
    ]);
    const hover = await client.hover(tools, positionOf(tools, "'ping'", 0, 1, broken));
    expect(JSON.stringify(hover)).toContain("Last good result (its file's latest run failed");

    // Fixed: the next run's results replace the kept ones.
    mark = client.notifications.length;
    const fixed = client.change(tools, good);
    await client.waitForDiagnostics(tools, { version: fixed, match: (d) => !d.some((x) => x.code === 'evaluation-failed') });
    const after = await client.waitForStatus('idle', mark);
    expect(after.notEvaluated).toBeUndefined();
    const fresh: Listed[] = await client.request('toolSchemaLens/listTools', {});
    expect(fresh.every((t) => !t.source.startsWith('Last good result'))).toBe(true);
  });
});
