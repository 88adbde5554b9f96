/**
 * A worker keeps every zod copy its evaluations loaded (a monorepo's packages can use zod 3 and zod 4 side by side).
 * A zod 3 schema's version is the copy that made it, never merely the first zod the worker happened to load.
 */
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createEvaluator } from '../../server/pipeline/evaluate/index';

const fixtures = path.join(__dirname, '..', 'fixtures');
// One worker, so the second evaluation runs where the first loaded zod 4.
const evaluator = createEvaluator({ timeoutMs: 20_000, workers: 1, spareWorkerAfterMs: 600_000 });
afterAll(() => evaluator.dispose());

async function shippedVersions(fixture: string): Promise<Array<[string | undefined, string | undefined]>> {
  const result = await evaluator.evaluate({ file: path.join(fixtures, fixture, 'src', 'tools.ts'), options: { flattenUnionInput: 'auto', target: 'draft-7' } });
  expect(result.failure).toBeUndefined();
  const tools = result.tools.filter((t) => t.kind === 'registration');
  expect(tools.length).toBeGreaterThan(0);
  return tools.map((t) => [t.shipped?.libraryVersion, t.shipped?.zodVersion]);
}

it('a zod 3 schema is reported with its own zod, after the same worker loaded zod 4 for another folder', async () => {
  expect(new Set((await shippedVersions('ship-sdk132-zod46')).map(String))).toEqual(new Set(['1.32.2,4.6.7']));
  expect(new Set((await shippedVersions('eval-zod3-sdk117')).map(String))).toEqual(new Set(['1.17.5,3.25.76']));
});
