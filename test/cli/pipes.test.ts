/**
 * Unions behind pipes are walked (issue 20, item 7): a `z.preprocess(parseJson, union)` (zod 4) and a union's
 * `.refine().transform()` (zod 3) are flattened on the side that ships, and each collision is placed on the
 * variant keys that declare it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli } from './runCli';

describe('unions behind pipes', { timeout: 120_000 }, () => {
  it('are flattened and judged, findings on the variant keys, on zod 3 and 4', async () => {
    const run = await runCli(['check', '.', '--format', 'json', '--flatten', 'always'], { cwd: path.join(FIXTURES, 'pipes'), timeoutMs: 100_000 });
    expect(run.signal, run.stderr).toBeUndefined();
    const report = JSON.parse(run.stdout) as { diagnostics: Array<{ line: number; column: number; code: string; tool?: string }> };
    expect(report.diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.tool}`)).toEqual([
      '8:40 collision-widened post',
      '9:40 collision-widened post',
      '17:42 collision-widened post_legacy',
      '18:42 collision-widened post_legacy',
    ]);
  });
});
