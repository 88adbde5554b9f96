/**
 * The editor and `check` see the same tools (issue 23, item 1): one workspace, the CLI's JSON and the language
 * server's tool list after its first scan, compared as sets of (name, file, line). Both use the same default limits
 * and the same evaluation; a difference here is the "17 → 50 → 0 tools" a user saw.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../cli/runCli';
import { copyFixture, TestClient } from './client';

const clients: TestClient[] = [];
const roots: string[] = [];
afterAll(() => {
  for (const c of clients) c.kill();
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

interface Summary {
  name: string;
  kind: string;
  uri: string;
  range: { start: { line: number } };
}

describe.each(['servers-patterns', 'discover-styles', 'locate-registry'])('%s in the editor and in check', { timeout: 240_000 }, (fixture) => {
  it('has the same tools', async () => {
    const root = copyFixture(fixture);
    roots.push(root);
    const run = await runInProcess(['check', '.', '--format', 'json'], { cwd: root });
    const cli = (JSON.parse(run.stdout) as { tools: Array<{ name: string; kind: string; file: string; line: number }> }).tools
      .filter((t) => t.kind !== 'exported')
      .map((t) => `${t.name} ${t.file}:${t.line}`)
      .sort();

    const client = await TestClient.inProcess({ root, settings: { flattenUnionInput: 'auto' } });
    clients.push(client);
    await client.waitForStatus('idle');
    const listed: Summary[] = await client.request('toolSchemaLens/listTools', {});
    const editor = listed
      .filter((t) => t.kind !== 'exported')
      .map((t) => `${t.name} ${path.relative(root, fileURLToPath(t.uri)).split(path.sep).join('/')}:${t.range.start.line + 1}`)
      .sort();
    expect(cli.length).toBeGreaterThan(0);
    expect(editor).toEqual(cli);
  });
});
