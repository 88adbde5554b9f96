// What a tool costs: token counts over the real pipeline (real esbuild, workers, zod and SDK), checked against
// the tokenizer itself on the definition a client sends, and the `over-budget` findings the budgets imply.
import * as path from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPipeline, heaviestKeys, serverOverBudget } from '../../server/pipeline';
import type { AnalysisResult, Pipeline } from '../../server/pipeline/run/contract';
import type { ToolReport } from '../../server/pipeline/assemble/report';
import { DEFAULT_SETTINGS, pipelineOptions } from '../../server/settings';

const root = path.resolve(__dirname, '../fixtures/tokens-budget');
const server = path.join(root, 'server.ts');

describe('token counts and budgets on a real server', () => {
  let pipeline: Pipeline;
  let result: AnalysisResult;
  const tool = (name: string) => result.files.flatMap((f) => f.tools).find((t) => t.name === name)!;

  beforeAll(async () => {
    pipeline = createPipeline(pipelineOptions(DEFAULT_SETTINGS, root, true));
    result = await pipeline.analyze();
  });
  afterAll(() => pipeline.dispose());

  it('counts name, description and input schema as compact JSON, exactly as o200k_base does', () => {
    for (const t of [tool('search_orders'), tool('ping')]) {
      const sent = JSON.stringify({ name: t.name, description: t.description, inputSchema: t.advertised });
      expect(t.tokens, t.name).toEqual({ input: countTokens(sent), total: countTokens(sent) });
    }
    expect(tool('ping').description).toBe('Check that the shop answers.');
    expect([tool('search_orders').tokens.total, tool('ping').tokens.total]).toEqual([1608, 48]);
  });

  it('names the heaviest key of a tool over its budget, and what shrinks it, on that key, the tool related', () => {
    const [d] = result.diagnosticsByFile.get(server)!.filter((x) => x.code === 'over-budget');
    expect(d).toMatchObject({
      severity: 'information',
      tool: 'search_orders',
      path: ['filters'],
      // `filters` in `inputSchema: { query: ..., filters, limit: ... }`, where the fix is.
      range: { start: { line: 41, character: 89 }, end: { line: 41, character: 96 } },
      message:
        "Tool search_orders: its definition is 1,608 tokens, over the budget of 1,500 per tool; shorten the descriptions in `filters`. `filters` is 95% of this tool's 1,608 tokens, 86% of it descriptions.",
    });
    const [filters] = heaviestKeys(tool('search_orders').advertised);
    expect(filters.key).toBe('filters');
    expect(d.related).toEqual([
      {
        location: { file: server, range: { start: { line: 38, character: 2 }, end: { line: 38, character: 17 } } },
        message: 'tool search_orders: 1,608 tokens in all',
      },
    ]);
  });

  it('sums a server and flags it on its heaviest tool; 0 turns a budget off', async () => {
    const tools: ToolReport[] = result.files.flatMap((f) => f.tools);
    expect(serverOverBudget('`shop`', tools, { tokensPerTool: 0, tokensPerServer: 1000 }, {})).toMatchObject([
      {
        severity: 'warning',
        tool: 'search_orders',
        message:
          'The 2 tools of `shop` are 1,656 tokens, over the budget of 1,000 per server; shrink the heaviest or register fewer. They are 1% of a 200k context window, and clients cap or defer large tool sets; the heaviest are search_orders (1,608) and ping (48).',
      },
    ]);
    expect(serverOverBudget('`shop`', tools, { tokensPerTool: 0, tokensPerServer: 0 }, {})).toEqual([]);
    expect(serverOverBudget('`shop`', tools, { tokensPerTool: 0, tokensPerServer: 1000 }, { 'over-budget': 'off' })).toEqual([]);
    pipeline.updateOptions({ budget: { tokensPerTool: 0, tokensPerServer: 0 } });
    const again = await pipeline.analyze([server]);
    expect(again.diagnosticsByFile.get(server) ?? []).toEqual([]);
    expect(again.files[0].tools.map((t) => t.tokens.total)).toEqual([1608, 48]);
  });
});

describe('an output schema is counted on its own', () => {
  const outputRoot = path.resolve(__dirname, '../fixtures/tokens-output');
  let pipeline: Pipeline;
  afterAll(() => pipeline?.dispose());

  it('adds the output schema as JSON Schema to the total, separately from the definition', async () => {
    pipeline = createPipeline(pipelineOptions(DEFAULT_SETTINGS, outputRoot, true));
    const [tool] = (await pipeline.analyze()).files.flatMap((f) => f.tools);
    expect(tool.outputSchema).toMatchObject({
      type: 'object',
      properties: { status: { enum: ['open', 'paid', 'shipped'] }, total: { type: 'number', description: 'In cents.' } },
    });
    const input = countTokens(JSON.stringify({ name: 'get_order', description: 'Look an order up by its id.', inputSchema: tool.advertised }));
    const output = countTokens(JSON.stringify(tool.outputSchema));
    expect(tool.tokens).toEqual({ input, output, total: input + output });
  });
});
