/**
 * The per-variant property shapes that decide every key merge come, for zod 3, from a walk that replays the
 * union's own conversion without converting the union (see comparableVariantPropertiesV3). It must give exactly
 * what converting the whole union gives, property by property: checked here against that conversion.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z as z3 } from 'zod3';
import { comparableVariantPropertiesV3, toComparableJsonSchema } from '../../../shared/jsonSchema';
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
