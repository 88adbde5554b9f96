/**
 * An open file's tools handed on while a whole server's entry still runs (pipeline/assemble/earlyTools.ts): the editor shows
 * them without waiting for every other tool of the server. The `one-entry-server` fixture registers every tool in a
 * loop in its entry; its tool files only export definitions.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPipeline, type AnalysisResult, type Diagnostic, type Pipeline } from '../../server/pipeline';
import { collectEarlyTools } from '../../server/pipeline/assemble/earlyTools';
import type { EvaluatedTool } from '../../server/pipeline/evaluate/contract';
import { DEFAULT_SETTINGS, pipelineOptions } from '../../server/settings';

const REPO = path.resolve(__dirname, '../..');

const toolAt = (name: string, file: string): EvaluatedTool =>
  ({
    name,
    kind: 'registration',
    callSite: { file: '/w/src/main.ts', line: 6, character: 9 },
    inputSite: { members: [{ file, line: 2, character: 4, key: 'id' }] },
  }) as EvaluatedTool;

describe('collecting the tools that land in open files', () => {
  const open = (file: string) => file === '/w/src/tools/posts.ts';

  it('hands them on once the stream moves on to a tool elsewhere, with every one collected so far, and not too often', () => {
    vi.useFakeTimers();
    try {
      const handed: string[][] = [];
      const early = collectEarlyTools(open, (tools) => handed.push(tools.map((t) => t.name)));
      early.onTool(toolAt('get_account', '/w/src/tools/accounts.ts'));
      expect(handed).toEqual([]);
      early.onTool(toolAt('create_post', '/w/src/tools/posts.ts'));
      early.onTool(toolAt('delete_post', '/w/src/tools/posts.ts'));
      expect(handed).toEqual([]);
      early.onTool(toolAt('upload_media', '/w/src/tools/media.ts'));
      expect(handed).toEqual([['create_post', 'delete_post']]);
      // Right after a hand-on, the next waits a little: tools interleaved with others are not assembled each time.
      early.onTool(toolAt('pin_post', '/w/src/tools/posts.ts'));
      early.onTool(toolAt('list_media', '/w/src/tools/media.ts'));
      expect(handed).toHaveLength(1);
      vi.runAllTimers();
      expect(handed).toEqual([
        ['create_post', 'delete_post'],
        ['create_post', 'delete_post', 'pin_post'],
      ]);
      early.end();
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands them on when the stream goes quiet, and nothing once the evaluation has ended', () => {
    vi.useFakeTimers();
    try {
      const handed: string[][] = [];
      const early = collectEarlyTools(open, (tools) => handed.push(tools.map((t) => t.name)));
      early.onTool(toolAt('create_post', '/w/src/tools/posts.ts'));
      vi.runAllTimers();
      expect(handed).toEqual([['create_post']]);
      early.onTool(toolAt('delete_post', '/w/src/tools/posts.ts'));
      early.end();
      vi.runAllTimers();
      early.onTool(toolAt('upload_media', '/w/src/tools/media.ts'));
      expect(handed).toEqual([['create_post']]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts a tool registered in an open file, or built through frames there', () => {
    const handed: string[][] = [];
    const early = collectEarlyTools(open, (tools) => handed.push(tools.map((t) => t.name)));
    early.onTool({ name: 'here', kind: 'registration', callSite: { file: '/w/src/tools/posts.ts', line: 1, character: 0 } } as EvaluatedTool);
    early.onTool({ name: 'wrapped', kind: 'registration', frames: [{ file: '/w/src/tools/posts.ts', line: 3, character: 0 }] } as EvaluatedTool);
    early.onTool({ name: 'elsewhere', kind: 'registration' } as EvaluatedTool);
    expect(handed).toEqual([['here', 'wrapped']]);
  });
});

describe('an entry that registers the whole server, with one of its tool files open', { timeout: 120_000 }, () => {
  let root: string;
  let pipeline: Pipeline;
  let posts: string;
  let main: string;

  beforeAll(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-early-')));
    fs.cpSync(path.join(REPO, 'test/fixtures/one-entry-server'), root, { recursive: true });
    fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    posts = path.join(root, 'src/tools/posts.ts');
    main = path.join(root, 'src/main.ts');
    pipeline = createPipeline(pipelineOptions({ ...DEFAULT_SETTINGS, flattenUnionInput: true }, root, true));
  });

  afterAll(async () => {
    await pipeline?.dispose();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  const placed = (diagnostics: readonly Diagnostic[] | undefined) =>
    (diagnostics ?? [])
      .map((d) => ({ code: d.code, toolId: d.toolId, range: d.range, message: d.message }))
      .sort((a, b) => a.message.localeCompare(b.message) || a.range.start.line - b.range.start.line);

  it("hands on the open file's tools before the entry's run ends, as its result then places them", async () => {
    const overlays = new Map([[posts, { text: fs.readFileSync(posts, 'utf8'), version: 1 }]]);
    const early: Array<{ origin: string; partial: AnalysisResult; beforeEnd: boolean }> = [];
    let ended = false;
    const run = pipeline.analyze([main], overlays, undefined, (origin, partial) => early.push({ origin, partial, beforeEnd: !ended }));
    const result = await run.finally(() => (ended = true));

    expect(early.length).toBeGreaterThan(0);
    const first = early[0];
    expect(first.beforeEnd).toBe(true);
    expect(first.origin).toBe(main);
    // Only the open file's tools: the others wait for the whole result.
    expect(first.partial.files.flatMap((f) => f.tools.map((t) => t.name)).sort()).toEqual(['create_post', 'delete_post']);
    expect([...first.partial.diagnosticsByFile.keys()]).toEqual([posts]);
    const collisions = first.partial.diagnosticsByFile.get(posts)!.filter((d) => d.code === 'collision-widened');
    expect(collisions).toHaveLength(2);
    // The whole result says the same of the open file, and more of the others.
    expect(placed(first.partial.diagnosticsByFile.get(posts))).toEqual(placed(result.diagnosticsByFile.get(posts)));
    expect(result.files.flatMap((f) => f.tools.map((t) => t.name)).sort()).toEqual([
      'create_post',
      'delete_post',
      'get_account',
      'list_accounts',
      'upload_media',
    ]);
    expect(result.diagnosticsByFile.get(path.join(root, 'src/tools/media.ts'))?.some((d) => d.code === 'collision-widened')).toBe(true);
  });

  it('hands nothing on without open files', async () => {
    const calls: string[] = [];
    const result = await pipeline.analyze([main], new Map(), undefined, (origin) => calls.push(origin));
    expect(calls).toEqual([]);
    expect(result.files.flatMap((f) => f.tools)).toHaveLength(5);
  });
});
