/**
 * Mastra (`@mastra/core` 1.71 with zod 4.2.1): `createTool` recorded by its `id`, and each tool's advertised
 * input JSON.stringify-equal to what Mastra itself hands the model, `makeCoreTool(tool).parameters.jsonSchema`
 * (computed here with the fixture's own install). A `z.custom()` input has no JSON Schema: Mastra sends
 * `{ "$schema": ... }` alone, and `schema-dropped` lands on the custom schema.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPipeline } from '../../server/pipeline';
import { discoverFiles } from '../../server/pipeline/discover';
import { WorkspaceProject } from '../../server/pipeline/project/project';
import type { Pipeline } from '../../server/pipeline/run/contract';
import { DEFAULT_SETTINGS, pipelineOptions } from '../../server/settings';

const root = path.resolve(__dirname, '../fixtures/ship-mastra-zod4');
const file = path.join(root, 'src', 'mastra.ts');
const load = (file: string) => import(pathToFileURL(file).href);

describe('Mastra 1.71 createTool with zod 4.2.1', () => {
  it('discovery names each createTool site by its id, at the id and the inputSchema', () => {
    const [found] = discoverFiles(new WorkspaceProject(root), [file]);
    const at = (r?: { start: { line: number; character: number } }) => (r ? [r.start.line, r.start.character] : null);
    expect(found.sites.map((s) => [s.sdk, s.name, at(s.nameRange), at(s.schemaRange)])).toEqual([
      ['mastra', 'get_weather', [5, 6], [7, 15]],
      ['mastra', 'move_item', [12, 6], [14, 15]],
      ['mastra', 'lookup', [23, 6], [25, 15]],
    ]);
  });

  let pipeline: Pipeline;
  beforeAll(() => {
    pipeline = createPipeline({ ...pipelineOptions({ ...DEFAULT_SETTINGS }, root, true), timeoutMs: 20_000 });
  });
  afterAll(() => pipeline.dispose());

  it("records every tool by its id, advertised as Mastra's own conversion, with schema-dropped at the custom input", async () => {
    const result = await pipeline.analyze([file]);
    const report = result.files.find((f) => f.file === file)!;
    expect(report.tools.map((t) => [t.name, t.sdk])).toEqual([
      ['get_weather', 'mastra'],
      ['move_item', 'mastra'],
      ['lookup', 'mastra'],
    ]);

    // Mastra's side: the fixture's module and the `makeCoreTool` of the same install (its ESM entry).
    const module = await load(file);
    const { makeCoreTool } = await load(path.join(root, 'node_modules', '@mastra', 'core', 'dist', 'utils.js'));
    for (const [name, made] of [
      ['get_weather', module.weather],
      ['move_item', module.move],
      ['lookup', module.lookup],
    ] as const) {
      const ours = report.tools.find((t) => t.name === name)!;
      expect([ours.shipped?.source, ours.shipped?.library, ours.shipped?.libraryVersion, ours.shipped?.zodVersion]).toEqual([
        'library',
        '@mastra/core',
        '1.71.0',
        '4.2.1',
      ]);
      const theirs = await makeCoreTool(made, { name }).parameters.jsonSchema;
      expect(JSON.stringify(ours.advertised)).toBe(JSON.stringify(theirs));
    }
    expect(report.tools.find((t) => t.name === 'lookup')!.advertised).toEqual({ $schema: 'http://json-schema.org/draft-07/schema#' });

    const rows = (result.diagnosticsByFile.get(file) ?? []).map((d) => [d.code, d.tool, d.range.start.line + 1, d.range.start.character + 1]);
    // `z.custom` on line 26, column 16; the root union ships as written (`z.discriminatedUnion` on line 15).
    // Judged against OpenAI only: Mastra's Anthropic layer flattens the root union before the request. OpenAI refuses
    // a root that is a union and one without `type: "object"` (the empty input), each at its tool's definition.
    expect(rows).toEqual([
      ['union-shipped', 'move_item', 15, 16],
      ['client-rejects', 'move_item', 13, 7],
      ['schema-dropped', 'lookup', 26, 16],
      ['client-rejects', 'lookup', 24, 7],
    ]);
    const dropped = (result.diagnosticsByFile.get(file) ?? []).find((d) => d.code === 'schema-dropped')!;
    expect(dropped.message).toBe(
      'Tool lookup: the input ships as an empty object, so the model sees no arguments; declare it as a z.object({ ... }). @mastra/core 1.71.0 replaces a custom with {}.',
    );
  }, 60_000);
});
