// An untrusted workspace: nothing is evaluated, and every candidate file says so at its first line.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPipeline } from '../../server/pipeline';
import { DEFAULT_SETTINGS, pipelineOptions } from '../../server/settings';

const root = path.resolve(__dirname, '../fixtures/cli-broken');

describe('pipeline in an untrusted workspace', () => {
  const pipeline = createPipeline(pipelineOptions(DEFAULT_SETTINGS, root, false));
  afterAll(() => pipeline.dispose());

  it('lists the candidate files', async () => {
    const files = await pipeline.listCandidates();
    expect(files.map((f) => path.relative(root, f))).toEqual(['exits.ts', 'good.ts', 'noisy.ts', 'stdio.ts', 'syntax.ts']);
  });

  it('runs no user code and gives each candidate one evaluation-failed diagnostic on its first line', async () => {
    const result = await pipeline.analyze();
    const byFile = [...result.diagnosticsByFile].map(([file, list]) => [path.relative(root, file), list.map((d) => [d.code, d.severity, d.range, d.message])]);
    const firstLine = {
      start: { line: 0, character: 0 },
      end: { line: 0, character: "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';".length },
    };
    const expected = ['exits.ts', 'good.ts', 'noisy.ts', 'stdio.ts', 'syntax.ts'].map((f) => [
      f,
      [['evaluation-failed', 'warning', firstLine, 'workspace is not trusted: tool schemas are not evaluated']],
    ]);
    expect(byFile.sort()).toEqual(expected);
    expect(result.files.every((f) => f.tools.length === 0)).toBe(true);
  });

  it('honours a severity override for the notice', async () => {
    pipeline.updateOptions({ severities: { 'evaluation-failed': 'off' } });
    const result = await pipeline.analyze();
    expect([...result.diagnosticsByFile.values()].flat()).toEqual([]);
    pipeline.updateOptions({ severities: {} });
  });
});

describe('workspace trust decides whether user code runs at all', () => {
  const sentinelRoot = path.resolve(__dirname, '../fixtures/project-untrusted');
  const sentinel = path.join(mkdtempSync(path.join(os.tmpdir(), 'tsl-sentinel-')), 'ran');
  const previous = process.env.TSL_SENTINEL;
  beforeAll(() => {
    process.env.TSL_SENTINEL = sentinel; // the workers inherit our environment
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.TSL_SENTINEL;
    else process.env.TSL_SENTINEL = previous;
    rmSync(path.dirname(sentinel), { recursive: true, force: true });
  });

  it('untrusted: the module never runs', async () => {
    const pipeline = createPipeline(pipelineOptions(DEFAULT_SETTINGS, sentinelRoot, false));
    try {
      const result = await pipeline.analyze();
      expect(result.files.map((f) => [path.basename(f.file), f.tools.length, f.diagnostics.map((d) => d.code)])).toEqual([
        ['server.ts', 0, ['evaluation-failed']],
      ]);
      expect(existsSync(sentinel)).toBe(false);
    } finally {
      await pipeline.dispose();
    }
  });

  it('trusted: the same module runs (its tool is recorded), and its write outside the scratch folder is refused', async () => {
    const pipeline = createPipeline(pipelineOptions(DEFAULT_SETTINGS, sentinelRoot, true));
    try {
      const result = await pipeline.analyze();
      expect(result.files.map((f) => [path.basename(f.file), f.tools.map((t) => t.name)])).toEqual([['server.ts', ['touch']]]);
      const refused = result.files[0].diagnostics.find((d) => d.code === 'evaluation-failed');
      expect(refused?.message).toMatch(/^the check refused what this module tried while starting, so later tools are not analysed; /);
      expect(refused?.message).toContain(`It tried to write ${sentinel}`);
      expect(refused?.range.start.line).toBe(8);
      expect(existsSync(sentinel)).toBe(false);
    } finally {
      await pipeline.dispose();
    }
  });
});
