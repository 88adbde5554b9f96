/**
 * Import cycles, type-only edges included (scripts/cycles.mjs): there are none. Contracts sit beside their producers
 * (discover/contract.ts, evaluate/contract.ts, assemble/report.ts, run/contract.ts) and name what they need through
 * leaves (syntax/places.ts, sdks/names.ts), so no stage's contract imports a module that imports it back.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, without declarations
import { cycles } from '../../scripts/cycles.mjs';

describe('import cycles', () => {
  it('none, type-only edges included', () => {
    const found = (cycles() as string[][]).map((group) => group.map((f) => f.split('\\').join('/')));
    expect(found).toEqual([]);
  });
});
