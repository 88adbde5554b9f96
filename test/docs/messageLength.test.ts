/**
 * Messages are read where they are cut off (the Problems panel, a Markdown summary's table): the first sentence says
 * what happened and what to do within about 120 characters, past the `Tool <name>: ` lead (the name is the user's),
 * and the evidence follows (issue 52). Checked on what `check` really prints over fixture workspaces that raise them.
 * The codes whose messages are not yet rewritten this way are listed, so a new code cannot slip in unbounded.
 */
import { describe, expect, it } from 'vitest';
import { REPO, runInProcess } from '../cli/runCli';

const BOUND = 120;
/** Codes not yet rewritten to the bound: none; a new code is bounded from its first message. */
const PENDING = new Set<string>([]);

/** The message's first sentence, without the lead that names the tool or schema. */
const firstSentence = (message: string) => message.replace(/^(Tool|Schema) [^:]+: /, '').split(/(?<=[.!?])\s/)[0];

const RUNS: string[][] = [
  ['check', 'examples', '--no-cache'],
  ['check', 'examples', '--flatten', 'always', '--no-cache'],
  ['check', 'test/fixtures/cli-basic', '--flatten', 'always', '--no-cache'],
  ['check', 'test/fixtures/cli-errors', '--no-cache'],
  ['check', 'test/fixtures/flatten-verdicts', '--flatten', 'always', '--no-cache'],
  ['check', 'test/fixtures/cli-basic', '--no-cache'],
  ['check', 'test/fixtures/cli-clients', '--no-cache'],
  ['check', 'test/fixtures/untyped-props', '--flatten', 'always', '--no-cache'],
  ['check', 'test/fixtures/locate-registry', '--no-cache'],
  ['check', 'test/fixtures/load-causes', '--no-cache'],
  ['check', 'test/fixtures/starts/fetch-first', '--no-cache'],
  ['check', 'test/fixtures/starts/exit-on-key', '--no-cache'],
  ['check', 'test/fixtures/ship-sdk132-zod46', '--no-cache'],
  ['check', 'test/fixtures/cli-broken', '--no-cache'],
];

describe('the first sentence of every message', { timeout: 240_000 }, () => {
  it(`says what and what to do in at most ${BOUND} characters`, async () => {
    const seen = new Map<string, string[]>();
    for (const args of RUNS) {
      const run = await runInProcess([...args, '--format', 'json'], { cwd: REPO });
      for (const d of JSON.parse(run.stdout).diagnostics as Array<{ code: string; message: string }>)
        seen.set(d.code, [...(seen.get(d.code) ?? []), d.message]);
    }
    const bounded = [...seen.keys()].filter((code) => !PENDING.has(code));
    expect(bounded, JSON.stringify([...seen])).toEqual(
      expect.arrayContaining([
        'client-rejects',
        'collision-widened',
        'enum-widened',
        'evaluation-failed',
        'list-fails',
        'mcp-header-invalid',
        'not-mountable',
        'not-walked',
        'over-budget',
        'schema-dropped',
        'strictness-dropped',
        'structured-content-missing',
        'union-kept',
        'union-shipped',
        'untyped-property',
        'validation-accepts-more',
      ]),
    );
    for (const code of bounded)
      for (const message of seen.get(code)!) {
        const first = firstSentence(message);
        expect(first.length, `${code}: ${first}`).toBeLessThanOrEqual(BOUND);
        expect(first, `${code}: the first sentence says what to do`).toMatch(/; \w+/);
      }
  });
});
