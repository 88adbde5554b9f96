/**
 * The README's `npm start` block is what a new user gets (issue 23, item 6): the real run of the built CLI over
 * examples/, byte for byte. `npm run docs:output` regenerates the block when this fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without types.
import { readmeOutput, startOutput } from '../../scripts/start-output.mjs';
import { REPO } from './runCli';

describe("the README's npm start block", () => {
  it('is what npm start prints (run `npm run docs:output` when this fails)', () => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    expect((readmeOutput as (text: string) => string)(readme)).toBe((startOutput as () => string)());
  }, 120_000);
});
