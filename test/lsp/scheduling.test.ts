/**
 * The server's scheduling against a hand-written pipeline whose timing the test controls (the real pipeline's
 * timing cannot be steered): stale versions are never published, importers are re-analysed, one origin's
 * re-analysis keeps what other origins said, and a throwing pipeline never takes the server down.
 * Everything else runs against the real built server (protocol.test.ts).
 */
import { PassThrough } from 'node:stream';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { startServer } from '../../server/lsp/server';
import type { AnalysisResult, Overlay, Pipeline, PipelineOptions } from '../../server/pipeline/run/contract';
import type { CancellationLike } from '../../server/pipeline/evaluate/contract';
import type { Diagnostic } from '../../server/pipeline/assemble/report';
import { TestClient } from './client';

/** Diagnostics come from `// widen:KEY@FILE` markers; `// slow:MS` makes the run take that long. */
class ScriptedPipeline implements Pipeline {
  calls: string[][] = [];
  deps = new Map<string, string[]>();
  throwOnAnalyze = false;
  disposed = false;
  /** Called as each analysis returns its result. */
  onAnalyzed: () => void = () => undefined;
  constructor(readonly options: PipelineOptions) {}
  async listCandidates() {
    return fs
      .readdirSync(this.options.root)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => path.join(this.options.root, f));
  }
  async analyze(files: string[] = [], overlays?: ReadonlyMap<string, Overlay>, token?: CancellationLike): Promise<AnalysisResult> {
    this.calls.push(files.map((f) => path.basename(f)));
    if (this.throwOnAnalyze) throw new Error('pipeline bug');
    const diagnosticsByFile = new Map<string, Diagnostic[]>();
    let delay = 5;
    for (const file of files) {
      const text = overlays?.get(file)?.text ?? fs.readFileSync(file, 'utf8');
      const slow = /slow:(\d+)/.exec(text);
      if (slow) delay = Math.max(delay, Number(slow[1]));
      text.split('\n').forEach((line, i) => {
        const m = /widen:(\w+)(?:@(\w+\.ts))?/.exec(line);
        if (!m) return;
        const target = m[2] ? path.join(this.options.root, m[2]) : file;
        const d: Diagnostic = {
          file: target,
          range: { start: { line: i, character: 0 }, end: { line: i, character: 5 } },
          severity: 'warning',
          code: 'collision-widened',
          message: `${m[1]} from ${path.basename(file)}`,
          tool: path.basename(file),
          toolId: `registration ${file}`,
          path: [m[1]],
          related: [],
        };
        diagnosticsByFile.set(target, [...(diagnosticsByFile.get(target) ?? []), d]);
      });
    }
    await new Promise((r) => setTimeout(r, delay));
    void token; // deliberately ignored: the server must drop stale results itself
    const files_ = files.map((file) => ({
      file,
      version: overlays?.get(file)?.version,
      tools: [
        {
          id: `registration ${file}`,
          name: path.basename(file),
          kind: 'registration' as const,
          location: { file, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } },
          advertised: { type: 'object' },
          tokens: { input: 10, total: 10 },
          mountable: true,
          keys: [],
        },
      ],
      diagnostics: diagnosticsByFile.get(file) ?? [],
      timings: { discover: 0, bundle: 0, evaluate: 0, engine: 0, locate: 0 },
    }));
    setImmediate(this.onAnalyzed);
    return { files: files_, diagnosticsByFile };
  }
  dependents(file: string) {
    return this.deps.get(path.basename(file))?.map((f) => path.join(this.options.root, f)) ?? [];
  }
  updateOptions() {}
  async restartWorkers() {}
  async dispose() {
    this.disposed = true;
  }
}

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanup) c();
  cleanup = [];
});

async function inProcess(files: Record<string, string>) {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-sched-')));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, name), text);
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  let pipeline!: ScriptedPipeline;
  const connection = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  const server = startServer(connection, { createPipeline: (o) => (pipeline = new ScriptedPipeline(o)), transport: 'stdio' });
  connection.listen();
  const client = await TestClient.connect({ root, initializationOptions: { debounceMs: 0 } }, toClient, toServer);
  cleanup.push(
    () => client.connection.dispose(),
    () => server.dispose(),
    () => fs.rmSync(root, { recursive: true, force: true }),
  );
  await client.waitFor('pipeline', () => pipeline);
  return { root, client, connection, pipeline: () => pipeline, file: (n: string) => path.join(root, n) };
}

describe('scheduling (scripted pipeline)', () => {
  it('never publishes diagnostics computed for an older version', async () => {
    const { client, file } = await inProcess({ 'a.ts': '// nothing\n' });
    await client.waitForStatus('idle'); // the first scan is done
    const a = file('a.ts');
    client.open(a, '// slow:400\n// widen:old\n');
    await new Promise((r) => setTimeout(r, 50)); // the v1 run is in flight
    const v2 = client.change(a, '// widen:new\n');
    const published = await client.waitForDiagnostics(a, { version: v2 });
    expect(published.diagnostics.map((d) => d.message)).toEqual(['new from a.ts']);
    await new Promise((r) => setTimeout(r, 600)); // let the slow v1 run finish: it must be dropped
    const versioned = client.publishedFor(a).filter((p) => p.version !== undefined);
    expect(versioned.map((p) => p.version)).toEqual([2]);
    expect(
      client
        .publishedFor(a)
        .at(-1)!
        .diagnostics.map((d) => d.message),
    ).toEqual(['new from a.ts']);
  });

  it('re-analyses the files that import a changed file', async () => {
    const { client, file, pipeline } = await inProcess({ 'shared.ts': '// x\n', 'tool.ts': '// y\n' });
    await client.waitFor('scan', () => (pipeline().calls.length ? true : undefined));
    pipeline().deps.set('shared.ts', ['tool.ts']);
    client.open(file('shared.ts'));
    await client.waitForDiagnostics(file('shared.ts'), { version: 1 });
    expect(pipeline().calls.at(-1)!.sort()).toEqual(['shared.ts', 'tool.ts']);
  });

  it("keeps another origin's diagnostics in a shared file when one origin is re-analysed", async () => {
    const { client, file } = await inProcess({
      'shared.ts': 'line0\nline1\n',
      'one.ts': '// widen:a@shared.ts\n',
      'two.ts': '// widen:b@shared.ts\n',
    });
    await client.waitForDiagnostics(file('shared.ts'), { match: (d) => d.length === 2 });
    client.open(file('one.ts'));
    client.change(file('one.ts'), '// widen:c@shared.ts\n');
    const after = await client.waitForDiagnostics(file('shared.ts'), { match: (d) => d.some((x) => x.message.startsWith('c ')) });
    expect(after.diagnostics.map((d) => d.message).sort()).toEqual(['b from two.ts', 'c from one.ts']);
  });

  it('survives a pipeline that throws, and still answers requests', async () => {
    const { client, file, pipeline } = await inProcess({ 'a.ts': '// widen:k\n' });
    await client.waitForDiagnostics(file('a.ts'), { match: (d) => d.length === 1 });
    pipeline().throwOnAnalyze = true;
    client.open(file('a.ts'));
    client.change(file('a.ts'), '// widen:z\n');
    await new Promise((r) => setTimeout(r, 100));
    const hover = await client.hover(file('a.ts'), { line: 0, character: 2 });
    expect(hover).not.toBeNull();
    expect(await client.request('toolSchemaLens/listTools', {})).toHaveLength(1);
    expect(client.logs.some((l) => l.includes('pipeline bug'))).toBe(true);
  });

  it('ends a scan that outlives its client quietly: nothing sent, nothing thrown', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    cleanup.push(() => process.off('unhandledRejection', onRejection));
    const { client, connection, pipeline } = await inProcess({ 'a.ts': '// slow:200\n// widen:k\n' });
    await client.waitFor('the first scan in flight', () => pipeline().calls.length > 0);
    const analysed = new Promise<void>((resolve) => (pipeline().onAnalyzed = resolve));
    connection.dispose(); // the client has gone; the scan's results, progress and status have no one to go to
    await analysed;
    // The scan's end (results, progress done, status) runs in the turns after the result: let them run.
    for (let turn = 0; turn < 5; turn++) await new Promise((r) => setImmediate(r));
    expect(rejections).toEqual([]);
  });

  it('disposes the pipeline on shutdown', async () => {
    const { client, pipeline } = await inProcess({ 'a.ts': '' });
    await client.request('shutdown');
    expect(pipeline().disposed).toBe(true);
  });
});
