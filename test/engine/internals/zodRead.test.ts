/** Reading zod nodes of every flavour through the one small interface, by zod's own tags only. */
import { describe, expect, it } from 'vitest';
import * as z4 from 'zod';
import * as zCopy from 'zod-copy';
import * as zMini from 'zod/mini';
import { z as z3 } from 'zod3';
import { z as z3sub } from 'zod/v3';
import { childrenOf, literalValues, objectShape, readNode } from '../../../shared/zod/read';
import { fieldDescription, readDescription } from '../../../shared/zod/meta';

describe('readNode', () => {
  it('names the same kinds for zod 3, zod/v3, zod 4, a second copy and mini', () => {
    for (const z of [z3, z3sub, z4, zCopy] as any[]) {
      const du = z.discriminatedUnion('k', [z.object({ k: z.literal('a') })]);
      expect(readNode(du)?.kind).toBe('discriminated-union');
      expect(readNode(z.union([z.string(), z.number()]))?.kind).toBe('union');
      expect(readNode(z.string().optional())?.kind).toBe('optional');
      expect(readNode(z.lazy(() => z.string()))?.kind).toBe('lazy');
      expect(readNode(z.tuple([z.string()]))?.kind).toBe('tuple');
      expect(readNode(z.date())?.kind).toBe('date');
    }
    const mini = zMini.discriminatedUnion('k', [zMini.object({ k: zMini.literal('a') })]);
    expect(readNode(mini)).toMatchObject({ flavour: 'v4', kind: 'discriminated-union' });
    expect(readNode(z3.string())?.flavour).toBe('v3');
  });

  it('answers undefined for values that are not zod schemas', () => {
    for (const v of [undefined, null, 42, 'z', {}, { _def: {} }, { _zod: 1 }, () => 1]) expect(readNode(v)).toBeUndefined();
  });

  it('reads shapes, literal values (multi-value and enums) and children', () => {
    const obj = z4.object({ a: z4.string(), b: z4.number() });
    expect(Object.keys(objectShape(readNode(obj)!))).toEqual(['a', 'b']);
    expect(Object.keys(objectShape(readNode(z3.object({ x: z3.string() }))!))).toEqual(['x']);
    expect(literalValues(readNode(z4.literal(['a', 'b']))!)).toEqual(['a', 'b']);
    expect(literalValues(readNode(z4.enum(['x', 'y']))!)).toEqual(['x', 'y']);
    expect(literalValues(readNode(z3.literal(1))!)).toEqual([1]);
    enum Native {
      A = 'a',
      B = 'b',
    }
    expect(literalValues(readNode(z3.nativeEnum(Native))!)).toEqual(['a', 'b']);
    expect(childrenOf(readNode(z4.string().pipe(z4.string().min(1)))!)).toHaveLength(2);
  });

  it('reads descriptions of zod 3, zod 4 and mini (through the shared registry), looking through wrappers', () => {
    expect(readDescription(z3.string().describe('d3'))).toBe('d3');
    expect(readDescription(z4.string().describe('d4'))).toBe('d4');
    expect(readDescription(zCopy.string().meta({ description: 'copy' }))).toBe('copy');
    expect(readDescription(zMini.string().register(zMini.globalRegistry, { description: 'mini' }))).toBe('mini');
    expect(fieldDescription(z4.string().describe('inner').optional())).toBe('inner');
    expect(fieldDescription(z3.string().describe('inner').nullable().optional())).toBe('inner');
  });
});
