/**
 * The Tool Schemas view's snapshot marks (issue 25): with `toolSchemaLens.snapshot` set, a real LSP client's tool list
 * carries each tool's drift from the snapshot file `check` wrote, classed as `check --baseline` classes it; an
 * unchanged tool carries none, and a snapshot that is not there is said in the log, with no marks.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
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
  drift?: { class: string; status: string; snapshot: string; changes: string[] };
}

describe('snapshot marks in the tool list', { timeout: 240_000 }, () => {
  it('mark the tool that changed from the snapshot, classed, and only it', async () => {
    const root = copyFixture('flatten-verdicts');
    roots.push(root);
    expect((await runInProcess(['snapshot', '.', '-o', 'tools.snapshot.json'], { cwd: root })).code).toBe(0);
    const store = path.join(root, 'src', 'store.ts');
    fs.writeFileSync(store, fs.readFileSync(store, 'utf8').replace('value: z.number().int().min(0) }', 'value: z.number().int().min(0), by: z.number() }'));

    const client = await TestClient.inProcess({ root, settings: { flattenUnionInput: 'auto', snapshot: 'tools.snapshot.json' } });
    clients.push(client);
    await client.waitForStatus('idle');
    const listed: Summary[] = await client.request('toolSchemaLens/listTools', {});
    expect(listed.map((t) => [t.name, t.drift?.class ?? null]).sort()).toEqual([
      ['report', null],
      ['store', 'breaking'],
    ]);
    expect(listed.find((t) => t.name === 'store')!.drift).toEqual({
      class: 'breaking',
      status: 'changed',
      snapshot: 'tools.snapshot.json',
      changes: ['breaking: action{op=incr}.by: added as required'],
    });
  });

  it('without the snapshot file: no marks, and the log says how to write it', async () => {
    const root = copyFixture('flatten-verdicts');
    roots.push(root);
    const client = await TestClient.inProcess({ root, settings: { flattenUnionInput: 'auto', snapshot: 'missing.snapshot.json' } });
    clients.push(client);
    await client.waitForStatus('idle');
    const listed: Summary[] = await client.request('toolSchemaLens/listTools', {});
    expect(listed.length).toBe(2);
    expect(listed.every((t) => t.drift === undefined)).toBe(true);
    expect(client.logs.join('\n')).toContain(
      'the snapshot missing.snapshot.json (toolSchemaLens.snapshot) does not exist: write it with `tool-schema-lens snapshot -o missing.snapshot.json`',
    );
  });
});
