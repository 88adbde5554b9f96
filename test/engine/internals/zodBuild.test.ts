/** Building with the input's own zod copy: every node of the flattened result comes from the copy that built the input. */
import { describe, expect, it } from 'vitest';
import * as z4 from 'zod';
import * as zCopy from 'zod-copy';
import * as zMini from 'zod/mini';
import { z as z3 } from 'zod3';
import { flattenUnionsDeep, registerZod } from '../../../shared/index';
import { kitFor, rebuild } from '../../../shared/zod/build';
import { readDescription } from '../../../shared/zod/meta';
import { readNode } from '../../../shared/zod/read';

function flatFields(schema: any) {
  const out = flattenUnionsDeep(schema).schema as any;
  return { out, shape: out._zod ? out._zod.def.shape : out._def.shape() };
}

const collidingUnion = (z: any) =>
  z.discriminatedUnion('k', [
    z.object({ k: z.literal('a'), x: z.string(), m: z.enum(['p']) }),
    z.object({ k: z.literal('b'), x: z.number(), m: z.enum(['q']) }),
  ]);

describe('same-copy building', () => {
  it.each([
    ['zod', z4],
    ['zod-copy', zCopy],
  ] as const)('%s classic: object, enum, unknown and optional come from the input copy', (_n, z: any) => {
    const { out, shape } = flatFields(collidingUnion(z));
    expect(out._zod.constr).toBe(z.ZodObject);
    expect(shape.k._zod.constr).toBe(z.ZodEnum);
    expect(shape.x._zod.constr).toBe(z.ZodOptional);
    expect(shape.x._zod.def.innerType._zod.constr).toBe(z.ZodUnknown);
    expect(shape.m._zod.def.innerType._zod.constr).toBe(z.ZodEnum);
  });

  it('zod 3: the flat object and enums are built by the input copy', () => {
    const { out, shape } = flatFields(collidingUnion(z3));
    expect(out).toBeInstanceOf(z3.ZodObject);
    expect(Object.getPrototypeOf(out)).toBe(z3.ZodObject.prototype);
    expect(shape.k).toBeInstanceOf(z3.ZodEnum);
    expect(shape.x).toBeInstanceOf(z3.ZodOptional);
  });

  it('zod 3: unknown comes from a registered module of the same copy when one is registered', () => {
    expect(registerZod(z3)).toBe(true);
    const { shape } = flatFields(collidingUnion(z3));
    expect(Object.getPrototypeOf(shape.x._def.innerType)).toBe(z3.ZodUnknown.prototype);
  });

  it('mini: the flat object is a mini object of the input copy and parses both variants', () => {
    const du = zMini.discriminatedUnion('k', [
      zMini.object({ k: zMini.literal('a'), x: zMini.optional(zMini.string()) }),
      zMini.object({ k: zMini.literal('b'), x: zMini.number() }),
    ]);
    const { out, shape } = flatFields(du);
    expect(out._zod.constr).toBe(zMini.ZodMiniObject);
    expect(shape.x._zod.constr).toBe(zMini.ZodMiniOptional);
    expect(zMini.safeParse(out, { k: 'a', x: 's' }).success).toBe(true);
    expect(zMini.safeParse(out, { k: 'b', x: 1 }).success).toBe(true);
  });

  it('registerZod refuses what is not a zod module', () => {
    expect(registerZod({})).toBe(false);
    expect(registerZod(null)).toBe(false);
    expect(registerZod(zMini)).toBe(true);
  });

  it('rebuild keeps the description of a zod 4 node and of a zod 3 node', () => {
    const v4 = z4.array(z4.string()).describe('list');
    const v4b = rebuild(readNode(v4)!, { element: z4.number() }) as z4.ZodType;
    expect(readDescription(v4b)).toBe('list');
    expect(v4b.safeParse([1]).success).toBe(true);
    const v3 = z3.array(z3.string()).describe('list3');
    expect(readDescription(rebuild(readNode(v3)!, { type: z3.number() }))).toBe('list3');
  });

  it('a kit for zod 4 classic builds an enum that parses', () => {
    const kit = kitFor(readNode(z4.object({ a: z4.string() }))!);
    expect((kit.enumOf(['x', 'y']) as z4.ZodType).safeParse('y').success).toBe(true);
    expect((kit.unknown() as z4.ZodType).safeParse({ any: 1 }).success).toBe(true);
  });
});
