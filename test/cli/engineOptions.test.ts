/**
 * Every engine option reaches the engine (issue 24, item 1): for each, a fixture whose advertised schema differs
 * between its values, through the CLI. A flag the worker dropped on the way would give equal outputs and fail here.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runInProcess } from './runCli';

const cwd = path.join(FIXTURES, 'engine-options');

async function advertised(args: string[]): Promise<Record<string, any>> {
  const run = await runInProcess(['check', '.', '--format', 'json', ...args], { cwd, timeoutMs: 100_000 });
  const report = JSON.parse(run.stdout) as { tools: Array<{ advertised: Record<string, any> }> };
  return report.tools[0].advertised;
}

describe('engine options, end to end', { timeout: 120_000 }, () => {
  const cases: Array<[string, string[], string[], (schema: Record<string, any>) => unknown]> = [
    // [option, one value's flags, the other's, what differs]
    [
      'collisionWidening',
      ['--flatten', 'always', '--collision-widening', 'unknown'],
      ['--flatten', 'always', '--collision-widening', 'base-type'],
      (s) => s.properties.query.properties.value.type,
    ],
    [
      'collisionWidening',
      ['--flatten', 'always', '--collision-widening', 'unknown'],
      ['--flatten', 'always', '--collision-widening', 'type-array'],
      (s) => s.properties.query.properties.value.type,
    ],
    ['flattenUnionInput', ['--flatten', 'never'], ['--flatten', 'always'], (s) => Object.keys(s.properties.query).sort().join()],
  ];
  for (const [option, one, other, part] of cases) {
    it(`${option}: ${one.join(' ')} and ${other.join(' ')} ship different schemas`, async () => {
      const [a, b] = [await advertised(one), await advertised(other)];
      expect(part(a)).not.toEqual(part(b));
    });
  }

  it('collisionWidening base-type keeps the type the variants share', async () => {
    expect((await advertised(['--flatten', 'always', '--collision-widening', 'base-type'])).properties.query.properties.value).toMatchObject({
      type: 'string',
    });
    expect((await advertised(['--flatten', 'always'])).properties.query.properties.value.type).toBeUndefined();
  });
});
