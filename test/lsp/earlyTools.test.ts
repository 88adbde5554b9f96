/**
 * A whole server's entry runs for as long as it takes to register every tool; an open tool file's findings are
 * published as soon as its tools are judged, before that run ends (issue 27: the editor's first answer). The
 * `one-entry-server` fixture registers every tool in a loop in its entry, which the test writes once the tool file is
 * open: a new entry nothing is known of yet, as on a first scan. A file already shown keeps its whole last result
 * until the next one ends: an early part never hides the findings of files that are not open.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, TestClient, uriOf } from './client';

const collides = (p: { diagnostics: Array<{ code?: unknown }> }) => p.diagnostics.some((d) => d.code === 'collision-widened');

describe('an open tool file of a server that one entry builds', { timeout: 120_000 }, () => {
  let root: string;
  let client: TestClient;
  let main: string;
  let posts: string;
  let media: string;
  let mainText: string;

  beforeAll(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-early-lsp-')));
    fs.cpSync(path.join(REPO, 'test/fixtures/one-entry-server'), root, { recursive: true });
    fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    main = path.join(root, 'src/main.ts');
    posts = path.join(root, 'src/tools/posts.ts');
    media = path.join(root, 'src/tools/media.ts');
    mainText = fs.readFileSync(main, 'utf8');
    fs.rmSync(main);
    client = await TestClient.inProcess({ root, initializationOptions: { debounceMs: 0 } });
    client.open(posts);
    await client.waitForDiagnostics(posts, { version: 1 });
    await client.waitForStatus('idle', 0, 90_000);
  });

  afterAll(() => {
    client?.kill();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  /** Index in everything received of the trace line of a run that names `file` first. */
  const traceOf = (file: string, after: number) =>
    client.notifications.findIndex((n, i) => i >= after && n.method === 'window/logMessage' && String(n.params.message).startsWith(`analysed ${file} `));

  it("publishes the open file's findings while the entry's run is still registering the rest", async () => {
    const from = client.notifications.length;
    fs.writeFileSync(main, mainText);
    void client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(main), type: 1 }] });
    await client.waitFor('the entry run', () => (traceOf('main.ts', from) >= 0 ? true : undefined));
    await client.waitForDiagnostics(media, { match: (d) => d.some((x) => x.code === 'collision-widened') });

    const received = client.notifications.slice(from);
    const traceAt = traceOf('main.ts', from) - from;
    const postsPublished = received
      .map((n, i) => ({ n, i }))
      .filter(({ n }) => n.method === 'textDocument/publishDiagnostics' && n.params.uri === uriOf(posts) && collides(n.params));
    // Early: before the run's end; then again with the whole result (the same findings).
    expect(postsPublished.length).toBeGreaterThanOrEqual(2);
    expect(postsPublished[0].i).toBeLessThan(traceAt);
    expect(postsPublished[0].n.params.diagnostics).toEqual(postsPublished.at(-1)!.n.params.diagnostics);
    // Only the open file's tools came early: the file nobody opened is published with the whole result.
    const mediaFirst = received.findIndex((n) => n.method === 'textDocument/publishDiagnostics' && n.params.uri === uriOf(media) && collides(n.params));
    expect(mediaFirst).toBeGreaterThan(traceAt);
  });

  it('publishes nothing early that the open file already shows (a second module building the same tools)', async () => {
    await client.waitForStatus('idle', 0, 60_000);
    const shown = client.publishedFor(posts).at(-1)!;
    expect(collides(shown)).toBe(true);
    const again = path.join(root, 'src/alsoMain.ts');
    const from = client.notifications.length;
    fs.writeFileSync(again, mainText);
    void client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(again), type: 1 }] });
    await client.waitFor('the second run', () => (traceOf('alsoMain.ts', from) >= 0 ? true : undefined));
    const traceAt = traceOf('alsoMain.ts', from);
    const early = client.notifications.slice(from, traceAt).filter((n) => n.method === 'textDocument/publishDiagnostics' && n.params.uri === uriOf(posts));
    expect(early).toEqual([]);
    await client.waitForStatus('idle', from, 60_000);
    expect(client.publishedFor(posts).at(-1)!.diagnostics).toEqual(shown.diagnostics);
    fs.rmSync(again);
    void client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(again), type: 3 }] });
  });

  it('keeps the findings of files that are not open while a known entry runs again', async () => {
    await client.waitForStatus('idle', 0, 60_000);
    const from = client.notifications.length;
    const text = fs.readFileSync(posts, 'utf8');
    const version = client.change(posts, `// edited\n${text}`);
    await client.waitForDiagnostics(posts, { version, match: (d) => d.some((x) => x.code === 'collision-widened' && x.range.start.line === 5) });
    await client.waitForStatus('idle', from, 60_000);
    const mediaPublished = client.notifications.slice(from).filter((n) => n.method === 'textDocument/publishDiagnostics' && n.params.uri === uriOf(media));
    for (const p of mediaPublished) expect(collides(p.params)).toBe(true);
    expect(
      client
        .publishedFor(media)
        .at(-1)!
        .diagnostics.some((d) => d.code === 'collision-widened'),
    ).toBe(true);
  });
});
