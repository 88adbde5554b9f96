/**
 * One file cannot change the next (issue 21): a module that changes the worker's directory, umask and environment
 * is evaluated first, in the same worker, and the next file sees the process as if it ran alone.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvaluator, type Evaluator } from '../../server/pipeline/evaluate/index';

const root = path.resolve(__dirname, '../fixtures/eval-process-state');
const src = (name: string) => path.join(root, 'src', name);
const options = { flattenUnionInput: true, target: 'draft-7' as const };

describe('process state between files', () => {
  let evaluator: Evaluator;
  beforeAll(() => {
    evaluator = createEvaluator({ workers: 1, cwd: root, timeoutMs: 20_000 });
  });
  afterAll(() => evaluator.dispose());

  it('the directory, umask and environment a file changed are put back before the next', async () => {
    const alone = await evaluator.evaluate({ file: src('readsState.ts'), options });
    const changer = await evaluator.evaluate({ file: src('changesState.ts'), options });
    expect(changer.failure).toBeUndefined();
    expect(changer.tools.map((t) => t.name)).toEqual(['changes_state']);
    const after = await evaluator.evaluate({ file: src('readsState.ts'), options });
    expect(alone.tools.map((t) => t.name)).toEqual(['root_umask22_noprefix_path']);
    expect(after.tools.map((t) => t.name)).toEqual(alone.tools.map((t) => t.name));
    // The same worker ran all three: nothing was retired, the state was put back.
    expect(evaluator.pids()).toHaveLength(1);
  });

  it("a program's zod registry ids and zod settings do not reach the next file, nor its own next run", async () => {
    const first = await evaluator.evaluate({ file: src('registersId.ts'), options });
    const again = await evaluator.evaluate({ file: src('registersId.ts'), options });
    expect(first.failure).toBeUndefined();
    expect(again.failure).toBeUndefined();
    expect(again.tools.map((t) => t.name)).toEqual(['registers_id']);

    const alone = await evaluator.evaluate({ file: src('readsZodConfig.ts'), options });
    const configures = await evaluator.evaluate({ file: src('configuresZod.ts'), options });
    expect(configures.tools.map((t) => t.name)).toEqual(['configures_zod']);
    const after = await evaluator.evaluate({ file: src('readsZodConfig.ts'), options });
    expect(alone.tools.map((t) => t.name)).toEqual(['zod_jit']);
    expect(after.tools.map((t) => t.name)).toEqual(['zod_jit']);
    expect(evaluator.pids()).toHaveLength(1);
  });
});
