/**
 * Nothing a workspace does takes the server down: a module that exits, one that never finishes loading and one
 * that throws each become an `evaluation-failed` finding on their own file, while the good file's findings, hovers
 * and the protocol carry on. Also: dependency and settings changes seen through the file watcher and configuration.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { commandLine, copyFixture, descendants, isAlive, TestClient, uriOf } from './client';
import { positionOf } from './fixture';

describe('a hostile workspace (lsp-hostile)', { timeout: 90_000 }, () => {
  let root: string;
  let client: TestClient;
  const file = (name: string) => path.join(root, 'src', name);

  beforeAll(async () => {
    root = copyFixture('lsp-hostile');
    client = await TestClient.spawn({ root, settings: { evaluation: { timeoutMs: 1500 } } });
  });
  afterAll(() => {
    client?.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('reports each bad module on its own file and still analyses the good one', async () => {
    const good = await client.waitForDiagnostics(file('good.ts'), { match: (d) => d.length > 0 }, 60_000);
    expect(good.diagnostics.map((d) => d.code)).toEqual(['collision-widened', 'collision-widened']);
    for (const [name, pattern] of [
      ['exits.ts', /exit/i],
      ['hangs.ts', /time|longer|stopped/i],
      ['throws.ts', /API_KEY/],
    ] as const) {
      const bad = await client.waitForDiagnostics(file(name), { match: (d) => d.length > 0 }, 60_000);
      expect(
        bad.diagnostics.map((d) => d.code),
        name,
      ).toContain('evaluation-failed');
      expect(bad.diagnostics.find((d) => d.code === 'evaluation-failed')!.message, name).toMatch(pattern);
    }
    expect(isAlive(client.process!.pid!)).toBe(true);
  });

  it('keeps answering while a bad buffer is being edited', async () => {
    const hangs = file('hangs.ts');
    client.open(hangs);
    client.change(hangs, fs.readFileSync(hangs, 'utf8').replace('for (;;)', 'for (let i = 0; i < 1; i++)'));
    const started = Date.now();
    const hover = await client.hover(file('good.ts'), positionOf(file('good.ts'), "'notify'", 0, 2));
    expect(Date.now() - started).toBeLessThan(1000);
    expect((hover!.contents as MarkupContent).value).toContain('**Tool `notify`**');
    const fixed = await client.waitForDiagnostics(hangs, { version: 2 }, 60_000);
    expect(fixed.diagnostics).toEqual([]);
    expect((await client.request('toolSchemaLens/listTools', {})).map((t: any) => t.name)).toContain('spin');
  });

  it('forgets a deleted file', async () => {
    const throws = file('throws.ts');
    await client.waitForDiagnostics(throws, { match: (d) => d.length > 0 });
    const mark = client.diagnostics.length;
    fs.rmSync(throws);
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(throws), type: 3 }] });
    await client.waitForDiagnostics(throws, { after: mark, match: (d) => d.length === 0 });
    expect((await client.request('toolSchemaLens/listTools', {})).map((t: any) => t.name)).not.toContain('boom');
  });

  it('restarts the workers when the installed zod changes', async () => {
    const workers = () => descendants(client.process!.pid!).filter((pid) => commandLine(pid).includes('worker.js'));
    await client.waitFor('a worker', () => (workers().length ? true : undefined));
    const before = workers();
    const mark = client.diagnostics.length;
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(root, 'node_modules/zod/package.json')), type: 2 }] });
    await client.waitForDiagnostics(file('good.ts'), { after: mark, match: (d) => d.length === 2 }, 60_000);
    for (const pid of before) expect(isAlive(pid)).toBe(false);
  });

  it('clears every diagnostic when disabled, and comes back when enabled', async () => {
    let mark = client.diagnostics.length;
    client.configure({ enable: false, evaluation: { timeoutMs: 1500 } });
    await client.waitForDiagnostics(file('good.ts'), { after: mark, match: (d) => d.length === 0 });
    await client.waitForStatus('disabled', mark);
    await client.waitFor('no workers', () => (descendants(client.process!.pid!).some((p) => commandLine(p).includes('worker.js')) ? undefined : true));
    mark = client.diagnostics.length;
    client.configure({ enable: true, evaluation: { timeoutMs: 1500 } });
    await client.waitForDiagnostics(file('good.ts'), { after: mark, match: (d) => d.length === 2 }, 60_000);
  });
});
