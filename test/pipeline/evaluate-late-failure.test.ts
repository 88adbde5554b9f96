/**
 * A module that registers tools and then hangs (or outgrows the memory cap) kills its worker, which can no
 * longer send a result: the tools it had recorded were streamed as they were recorded, so they still come
 * back, judged, next to the failure.
 */
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPipeline } from '../../server/pipeline';
import { createEvaluator, type Evaluator } from '../../server/pipeline/evaluate/index';
import type { Pipeline } from '../../server/pipeline/run/contract';
import { DEFAULT_SETTINGS, pipelineOptions } from '../../server/settings';

const root = path.resolve(__dirname, '../fixtures/eval-late-failure');
const src = (name: string) => path.join(root, 'src', name);
const options = { flattenUnionInput: true, target: 'draft-7' as const };

describe('the evaluator keeps what was recorded before the worker died', () => {
  let evaluator: Evaluator;
  beforeAll(() => {
    // A worker with its loader thread, the SDK and zod loaded is near 100 MB resident: 160 still stops the hog in a second.
    evaluator = createEvaluator({ timeoutMs: 1500, memoryMb: 160, workers: 1 });
  });
  afterAll(() => evaluator.dispose());

  it('a hang after two registrations: a time-out, and both tools judged', async () => {
    const result = await evaluator.evaluate({ file: src('hangsAfterTools.ts'), options });
    expect(result.failure).toEqual({
      phase: 'timeout',
      reason: expect.stringMatching(/^Evaluation used more than (1500|3000) ms of CPU time and was stopped$/),
    });
    expect(result.tools.map((t) => [t.name, t.kind, t.sdk, t.callSite?.line])).toEqual([
      ['lookup', 'registration', 'mcp', 4],
      ['post', 'registration', 'mcp', 5],
    ]);
    const post = result.tools[1];
    // Judged by the engine, not merely named: the union was flattened and its colliding key reported.
    expect(post.advertised).toMatchObject({ properties: { target: { type: 'object', properties: { kind: { enum: ['photo', 'album'] } } } } });
    expect(post.findings.map((f) => [f.code, f.path.join('.')])).toEqual([['collision-widened', 'target.media']]);
  });

  it('a memory cap reached after a registration: a memory failure, and the tool', async () => {
    const result = await evaluator.evaluate({ file: src('growsAfterTools.ts'), options });
    expect(result.failure?.phase).toBe('memory');
    expect(result.tools.map((t) => t.name)).toEqual(['fetch_page']);
    expect(result.tools[0].advertised).toMatchObject({ properties: { url: { type: 'string', format: 'uri' } } });
  });
});

describe('the pipeline reports them with the time-out finding', () => {
  let pipeline: Pipeline;
  beforeAll(() => {
    // A server that flattens (the setting says every tool does): the collisions are diagnostics of their own.
    pipeline = createPipeline({ ...pipelineOptions({ ...DEFAULT_SETTINGS, flattenUnionInput: true }, root, true), timeoutMs: 1500 });
  });
  afterAll(() => pipeline.dispose());

  it('the file lists its tools, their findings and the time-out', async () => {
    const file = src('hangsAfterTools.ts');
    const result = await pipeline.analyze([file]);
    const report = result.files.find((f) => f.file === file)!;
    expect(report.tools.map((t) => t.name)).toEqual(['lookup', 'post']);
    const rows = (result.diagnosticsByFile.get(file) ?? []).map((d) => [d.code, d.tool ?? null, d.range.start.line, d.message]);
    const collision = expect.stringContaining(
      "the model sees `target.media` as unknown; rename it in one variant. Variants 'photo' (string) and 'album' (array) declare it differently.",
    );
    expect(rows).toEqual([
      // At each variant's declaration of `media` (lines 11 and 12).
      ['collision-widened', 'post', 10, collision],
      ['collision-widened', 'post', 11, collision],
      [
        'evaluation-failed',
        null,
        0,
        expect.stringMatching(
          /^evaluating this file timed out, so later tools are not analysed; raise the limit with check --timeout <ms>\. Evaluation used more than (1500|3000) ms of CPU time and was stopped \(and again when run once more in a fresh worker\)\. In the editor: toolSchemaLens\.evaluation\.timeoutMs\.$/,
        ),
      ],
    ]);
  });
});
