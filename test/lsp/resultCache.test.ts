/**
 * The language server uses the result cache `check` keeps (issue 27, item 2): a second editor start over an unchanged
 * workspace runs none of it again and publishes the same diagnostics, and says so in its log; a buffer with unsaved
 * text is answered by running it, and typing writes nothing to the cache; restarting the workers runs every file
 * again; `toolSchemaLens.evaluation.cache: false` runs every file.
 */
import * as fs from 'node:fs';
import os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, TestClient } from './client';

let root: string;
const tools = () => path.join(root, 'src/tools.ts');
const cacheDir = () => path.join(root, 'node_modules', '.cache', 'tool-schema-lens');
const entries = () =>
  fs.existsSync(cacheDir())
    ? fs
        .readdirSync(cacheDir())
        .filter((n) => n.endsWith('.json'))
        .sort()
    : [];
const KEPT = /(\d+) file\(s\) not run again: unchanged since a run kept in/;

beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-lsp-cache-')));
  fs.cpSync(path.join(REPO, 'test/fixtures/lsp-basic'), root, { recursive: true });
  // An install a package manager made (marked), its packages the repository's: the cache lives in this one.
  fs.mkdirSync(path.join(root, 'node_modules', '@modelcontextprotocol'), { recursive: true });
  fs.symlinkSync(path.join(REPO, 'node_modules', 'zod'), path.join(root, 'node_modules', 'zod'), 'dir');
  fs.symlinkSync(path.join(REPO, 'node_modules', '@modelcontextprotocol', 'sdk'), path.join(root, 'node_modules', '@modelcontextprotocol', 'sdk'), 'dir');
  fs.writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), '{"lockfileVersion":3}');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A server started on the workspace, once its first scan is done: what it published for tools.ts, and its log. */
async function start(settings: Record<string, unknown> = {}): Promise<{ client: TestClient; published: unknown; kept: number }> {
  const client = await TestClient.inProcess({ root, settings, initializationOptions: { debounceMs: 0 } });
  const published = await client.waitForDiagnostics(tools(), { match: (d) => d.some((x) => x.code === 'collision-widened') });
  await client.waitForStatus('idle');
  const kept = client.logs.map((line) => KEPT.exec(line)).reduce((n, m) => n + (m ? Number(m[1]) : 0), 0);
  return { client, published: published.diagnostics, kept };
}

describe('the editor and the result cache', { timeout: 180_000 }, () => {
  it('a second start runs nothing again and publishes the same; unsaved text runs and is not kept', async () => {
    const first = await start();
    expect(first.kept).toBe(0);
    await first.client.shutdown();
    const kept = entries();
    expect(kept.length).toBeGreaterThan(0);

    const second = await start();
    expect(second.kept).toBeGreaterThan(0);
    expect(second.published).toEqual(first.published);
    expect(entries()).toEqual(kept);

    // Restarting the workers is asking for every file to run again.
    const { client } = second;
    const logged = client.logs.length;
    const mark = client.notifications.length;
    await client.request('workspace/executeCommand', { command: 'toolSchemaLens.restartWorkers', arguments: [] });
    await client.waitFor('a run after the restart', () => client.logs.slice(logged).find((line) => line.startsWith('analysed ')));
    await client.waitForStatus('idle', mark);
    const rerun = client.logs.slice(logged);
    expect(rerun.some((line) => line.startsWith('analysed '))).toBe(true);
    expect(rerun.filter((line) => KEPT.test(line))).toEqual([]);

    // A buffer as the disk holds it is the disk; once its text differs, the run is its own and nothing is written.
    const text = fs.readFileSync(tools(), 'utf8');
    client.open(tools(), text);
    const renamed = text.replace(/'ping'/, "'ping_v2'");
    expect(renamed).not.toBe(text);
    const version = client.change(tools(), renamed);
    await client.waitForDiagnostics(tools(), { version });
    const listed = await client.request<Array<{ name: string }>>('toolSchemaLens/listTools', {});
    expect(listed.map((t) => t.name)).toContain('ping_v2');
    expect(entries()).toEqual(kept);
    await client.shutdown();
  });

  it('turned off, every file runs', async () => {
    const off = await start({ evaluation: { cache: false } });
    expect(off.kept).toBe(0);
    await off.client.shutdown();
  });
});
