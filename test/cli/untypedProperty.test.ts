/**
 * A property advertised without a type is its own finding (issue 24, item 3): a model may send any JSON value there.
 * Found on what ships: `z.any()`, `z.unknown()` and an array item's untyped key alike; record values are not
 * properties; a key the flatten widened is already reported at each declaration (collision-widened), not again.
 */
import { describe, expect, it } from 'vitest';
import { runInProcess } from './runCli';

async function untyped(...flags: string[]): Promise<string[]> {
  const run = await runInProcess(['check', 'untyped-props', '--flatten', 'always', '--format', 'json', ...flags]);
  const out = JSON.parse(run.stdout) as { diagnostics: Array<{ line: number; column: number; code: string; path: string; severity: string; message: string }> };
  return out.diagnostics.filter((d) => d.code === 'untyped-property').map((d) => `${d.line}:${d.column} ${d.severity} ${d.path}`);
}

describe('untyped-property', { timeout: 120_000 }, () => {
  it('is reported at each key shipped without a type, saying what a model may send and how to type it', async () => {
    expect(await untyped()).toEqual(['17:7 warning payload', '18:7 warning meta', '20:57 warning attachments[*].data']);
    const run = await runInProcess(['check', 'untyped-props', '--flatten', 'always']);
    expect(run.stdout).toContain(
      'Tool record_event: `meta` has no type, so the model may send any JSON value; give it one (z.string(), z.number(), …). It has a description only: the string "1" where a number is meant, an object or null reach validation; a z.union of the shapes it takes is a type too.',
    );
    expect(run.stdout).toContain(
      'Tool record_event: `payload` has no type, so the model may send any JSON value; give it one (z.string(), z.number(), …). It has an empty schema',
    );
    // The widened key keeps its two collision findings, one per declaration, and no third.
    expect(run.stdout.match(/collision-widened Tool record_event: the model sees `event.value` as unknown/g)?.length).toBe(2);
  });

  it('is the same with typed widening', async () => {
    expect(await untyped('--collision-widening', 'type-array')).toEqual(['17:7 warning payload', '18:7 warning meta', '20:57 warning attachments[*].data']);
  });
});

describe('validation-accepts-more', { timeout: 120_000 }, () => {
  it('is an information at a coercing primitive and at a .catch(), each on its call', async () => {
    const run = await runInProcess(['check', 'untyped-props', '--format', 'json']);
    const out = JSON.parse(run.stdout) as {
      diagnostics: Array<{ line: number; column: number; code: string; path: string; severity: string; message: string }>;
    };
    const found = out.diagnostics.filter((d) => d.code === 'validation-accepts-more');
    expect(found.map((d) => `${d.line}:${d.column} ${d.severity} ${d.path}`)).toEqual(['31:23 information limit', '32:40 information unit']);
    expect(found[0].message).toBe(
      'Tool set_limit: `limit` is z.coerce.number(), so validation accepts more than advertised; say so in the description. The model is told a number, but validation converts what is sent (the string "12", an empty string (as 0), true (as 1) pass).',
    );
    // A plain z.number() next to them is not reported.
    expect(out.diagnostics.some((d) => d.path === 'exact')).toBe(false);
  });
});
