/**
 * Which zod writes a discriminated union as anyOf (issue 24, item 5): zod 3 through zod-to-json-schema, and zod 4
 * before 4.1.13; from 4.1.13 zod writes a oneOf, and union-shipped says nothing more than the keyword.
 */
import { describe, expect, it } from 'vitest';
import { anyOfWriter } from '../../server/pipeline/evaluate/worker/shipped/shippedFindings';

describe('anyOfWriter', () => {
  it('names the writer for zod 3 and zod 4 below 4.1.13, nothing from 4.1.13 or for an unknown version', () => {
    expect(anyOfWriter('3.25.76')).toBe("zod-to-json-schema writes zod 3's discriminated unions so");
    expect(anyOfWriter('4.0.17')).toBe('zod 4.0.17 writes discriminated unions so');
    expect(anyOfWriter('4.1.12')).toBe('zod 4.1.12 writes discriminated unions so');
    expect(anyOfWriter('4.1.13')).toBeUndefined();
    expect(anyOfWriter('4.2.1')).toBeUndefined();
    expect(anyOfWriter(undefined)).toBeUndefined();
  });
});
