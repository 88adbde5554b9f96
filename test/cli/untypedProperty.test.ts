/**
 * A property advertised without a type is its own finding (issue 24, item 3): a model may send any JSON value there.
 * Found on what ships, so a key widened to `unknown` (collisionWidening unknown), `z.any()`, `z.unknown()` and an
 * array item's untyped key alike; record values are not properties; typed widening keeps the widened key typed.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './runCli';

async function untyped(...flags: string[]): Promise<string[]> {
  const run = await runCli(['check', 'untyped-props', '--flatten', 'always', '--format', 'json', ...flags]);
  const out = JSON.parse(run.stdout) as { diagnostics: Array<{ line: number; column: number; code: string; path: string; severity: string; message: string }> };
  return out.diagnostics.filter((d) => d.code === 'untyped-property').map((d) => `${d.line}:${d.column} ${d.severity} ${d.path}`);
}

describe('untyped-property', { timeout: 120_000 }, () => {
  it('is reported at each key shipped without a type, saying what a model may send and how to type it', async () => {
    expect(await untyped()).toEqual([
      // The first declaring variant's key; the other collision findings stay on each declaration.
      '7:40 warning event.value',
      '17:7 warning payload',
      '18:7 warning meta',
      '20:57 warning attachments[*].data',
    ]);
    const run = await runCli(['check', 'untyped-props', '--flatten', 'always']);
    expect(run.stdout).toContain(
      'Tool record_event: `event.value` is advertised with a description only and no type, so a model may send any JSON value there (the string "1" where a number is meant, an object, null) and only validation tells it otherwise; its variants declare it differently and it was widened: keep their types with collisionWidening type-array, or rename it in one variant.',
    );
    expect(run.stdout).toContain('Tool record_event: `payload` is advertised with an empty schema and no type');
  });

  it("is gone where typed widening keeps the variants' types", async () => {
    expect(await untyped('--collision-widening', 'type-array')).toEqual(['17:7 warning payload', '18:7 warning meta', '20:57 warning attachments[*].data']);
  });
});
