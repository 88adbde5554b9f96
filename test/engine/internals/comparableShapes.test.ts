/**
 * The per-variant property shapes that decide every key merge come, for zod 3, from a walk that replays the
 * union's own conversion without converting the union (see comparableVariantPropertiesV3). It must give exactly
 * what converting the whole union gives, property by property: checked here against that conversion. zod 4
 * computes them locally where it can (see comparableVariantPropertiesV4): equal wherever it does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z4 from 'zod';
import * as zMini from 'zod/mini';
import { z as z3 } from 'zod3';
import { comparableVariantPropertiesV3, toComparableJsonSchema } from '../../../shared/zod/jsonSchema';
import { comparableVariantPropertiesV4 } from '../../../shared/zod/variantPropertiesV4';
import { FLAVOURS } from '../support/flavours';
import { buildSchema, duArb } from '../support/randomSchemas';

function viaWholeUnion(union: any): unknown[] {
  const json = toComparableJsonSchema(union) as { anyOf?: Array<{ properties?: unknown }> };
  return (json.anyOf ?? []).map((member) => member.properties ?? {});
}

const options = (union: any): any[] => [...(union._def.options instanceof Map ? union._def.options.values() : union._def.options)];

describe('zod 3 variant shapes without converting the union', () => {
  it('equal the whole union conversion, property by property (random unions, both zod 3 copies)', () => {
    const zod3Flavours = FLAVOURS.filter((f) => f.major === 3);
    expect(zod3Flavours.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(fc.constantFrom(...zod3Flavours), duArb(2), (flavour, spec) => {
        const union = buildSchema(flavour, spec);
        expect(comparableVariantPropertiesV3(union, options(union))).toEqual(viaWholeUnion(union));
      }),
      { numRuns: 300 },
    );
  });

  it('equal it where the walk context matters: recursion back to a variant, shared fields, catchall, descriptions', () => {
    const shared = z3.object({ id: z3.string().describe('the id'), n: z3.number().optional() });
    const a: any = z3.object({ k: z3.literal('a'), self: z3.lazy(() => a).optional(), s: shared, t: shared });
    const union = z3.discriminatedUnion('k', [
      a,
      z3.object({ k: z3.literal('b'), s: shared, d: z3.string().default('x').describe('d'), u: z3.union([z3.string(), z3.number()]) }).catchall(z3.number()),
      z3.object({ k: z3.literal('c'), s: shared.nullable(), e: z3.array(z3.string().min(1)).max(3) }).strict(),
    ]);
    const warn = console.warn;
    console.warn = () => {}; // zod-to-json-schema warns about the recursion on both sides alike
    try {
      const direct = comparableVariantPropertiesV3(union, options(union));
      expect(direct).toEqual(viaWholeUnion(union));
      expect((direct[0] as any).self).toEqual({});
    } finally {
      console.warn = warn;
    }
  });
});

describe('zod 4 variant shapes computed locally', () => {
  const z = z4.z;
  const wholeV4 = (union: any): unknown[] => ((toComparableJsonSchema(union) as any).oneOf ?? []).map((m: any) => m.properties ?? {});

  it('equal the whole union conversion whenever they are computed (random unions, every zod 4 copy)', () => {
    const zod4Flavours = FLAVOURS.filter((f) => f.major === 4);
    let local = 0;
    let runs = 0;
    fc.assert(
      fc.property(fc.constantFrom(...zod4Flavours), duArb(2), (flavour, spec) => {
        const union = buildSchema(flavour, spec);
        const got = comparableVariantPropertiesV4(union, union._zod.def.options);
        runs++;
        if (got === undefined) return;
        local++;
        expect(got).toEqual(wholeV4(union));
        expect(JSON.stringify(got)).toBe(JSON.stringify(wholeV4(union))); // same key order too
      }),
      { numRuns: 400 },
    );
    // Not vacuous: classic copies take the local path for most random unions.
    expect(local).toBeGreaterThan(runs / 4);
  });

  it('equal it on the nodes it replays (descriptions, nullable compaction, defaults, catchall, nested objects and arrays)', () => {
    const shared = z.object({ id: z.string().describe('id'), n: z.number().int().min(0).optional() });
    const union = z.discriminatedUnion('k', [
      z.object({
        k: z.literal('a'),
        s: z
          .string()
          .min(1)
          .regex(/^[a-z]+$/)
          .describe('s'),
        n: z.string().nullable(),
        o: shared,
        d: z.number().default(3),
      }),
      z
        .object({
          k: z.literal(['b', 'c']),
          s: z.email(),
          n: z.string().min(2).nullable().optional(),
          o: shared.nullable(),
          e: z.enum(['x', 'y']).default('x'),
        })
        .catchall(z.boolean()),
      z.object({ k: z.literal('d'), a: z.array(z.object({ t: z.literal(1) })), u: z.unknown(), b: z.boolean().optional() }).strict(),
    ]);
    const got = comparableVariantPropertiesV4(union, union._zod.def.options);
    expect(got).toBeDefined();
    expect(JSON.stringify(got)).toBe(JSON.stringify(wholeV4(union)));
  });

  it('declines what it does not replay: a cycle, mini nodes, transforms, arrays with checks', () => {
    const A: any = z.object({
      k: z.literal('a'),
      get self() {
        return A.optional();
      },
    });
    const cases = [
      z.discriminatedUnion('k', [A, z.object({ k: z.literal('b') })]),
      zMini.discriminatedUnion('k', [zMini.object({ k: zMini.literal('a'), s: zMini.string() })]),
      z.discriminatedUnion('k', [z.object({ k: z.literal('a'), s: z.string().transform((v) => v.length) })]),
      z.discriminatedUnion('k', [z.object({ k: z.literal('a'), s: z.array(z.string()).min(1) })]),
    ];
    for (const union of cases) expect(comparableVariantPropertiesV4(union, (union as any)._zod.def.options)).toBeUndefined();
  });
});
