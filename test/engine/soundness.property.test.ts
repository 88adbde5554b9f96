/**
 * Catalogue case 31, the invariant by property: for random discriminated unions (keys from a small pool so
 * they collide, random types, checks, nested unions, optional/nullable/default wrappers, zod 3 and 4), every
 * value the ORIGINAL schema accepts is accepted by the advertised JSON Schema (ajv), and a flattenable
 * union leaves no oneOf/anyOf behind. Alongside, catalogue 30 by property: coerceJsonArgs leaves such a value
 * alone and repairs it when objects/arrays inside were sent as JSON text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advertise, coerceJsonArgs } from '../../shared/index';
import type { Target } from '../../shared/types';
import { FLAVOURS } from './support/flavours';
import { declaredDialectValidator } from './support/jsonSchema';
import { buildSchema, duArb, serializeSomewhere, valueArb, type FieldSpec } from './support/randomSchemas';

const NUM_RUNS = 1000;

/**
 * oneOf/anyOf left in the JSON, except what a wrapper legitimately becomes: `anyOf: [X, {type: 'null'}]` for a
 * nullable, and zod-to-json-schema's `anyOf: [{not: {}}, X]` for an optional array item.
 */
function unionsLeft(json: unknown, at = '#'): string[] {
  const found: string[] = [];
  if (Array.isArray(json)) json.forEach((item, i) => found.push(...unionsLeft(item, `${at}/${i}`)));
  else if (json && typeof json === 'object') {
    for (const [k, v] of Object.entries(json as Record<string, unknown>)) {
      const wrapper =
        k === 'anyOf' &&
        Array.isArray(v) &&
        v.length === 2 &&
        v.some((m: any) => (m?.type === 'null' && Object.keys(m).length === 1) || JSON.stringify(m) === '{"not":{}}');
      if ((k === 'oneOf' || k === 'anyOf') && !wrapper) found.push(`${at}/${k}`);
      found.push(...unionsLeft(v, `${at}/${k}`));
    }
  }
  return found;
}

const caseArb = fc
  .record({
    flavour: fc.constantFrom(...FLAVOURS.map((f) => f.name)),
    target: fc.constantFrom<Target>('draft-7', 'draft-7', 'draft-2020-12'),
    du: duArb(2),
    wrapInObject: fc.boolean(),
  })
  .chain((c) => {
    const root: FieldSpec = c.wrapInObject ? { t: 'object', fields: { root: c.du, note: { t: 'string' } } } : c.du;
    return fc.record({ c: fc.constant(c), root: fc.constant(root), values: fc.array(valueArb(root), { minLength: 1, maxLength: 6 }), seed: fc.integer() });
  });

describe('soundness of the advertised schema (catalogue 31)', () => {
  it(`accepts every value the original accepts, with no oneOf/anyOf left (${NUM_RUNS} random unions)`, () => {
    let schemas = 0;
    let accepted = 0;
    const byFlavour: Record<string, number> = {};
    const seen: Record<string, number> = {};
    let serialized = 0;
    fc.assert(
      fc.property(caseArb, ({ c, root, values, seed }) => {
        let state = seed >>> 0;
        const rnd = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
        const flavour = FLAVOURS.find((f) => f.name === c.flavour)!;
        const schema = buildSchema(flavour, root);
        const { jsonSchema, findings } = advertise({ name: 'random', input: schema }, { target: c.target });
        schemas++;
        byFlavour[c.flavour] = (byFlavour[c.flavour] ?? 0) + 1;
        for (const code of new Set(findings.map((f) => f.code))) seen[code] = (seen[code] ?? 0) + 1;
        expect(unionsLeft(jsonSchema), `${c.flavour}: a flattenable union left a oneOf/anyOf`).toEqual([]);
        // The dialect itself is checked in catalogue/dialect.test.ts; here only soundness counts.
        const validate = declaredDialectValidator(jsonSchema as { $schema?: string }, c.target);
        for (const value of values) {
          if (!schema.safeParse(value).success) continue;
          accepted++;
          const ok = validate(value);
          if (!ok) {
            throw new Error(
              `${c.flavour} ${c.target}: the original accepts ${JSON.stringify(value)} but the advertised schema rejects it\n` +
                `errors: ${JSON.stringify(validate.errors)}\nadvertised: ${JSON.stringify(jsonSchema)}`,
            );
          }
          // A well-formed call needs no repair: coercion leaves an already-parsed valid value as it is.
          expect(coerceJsonArgs(value, schema)).toEqual(value);
          // Catalogue 30 at any depth: objects and arrays sent as JSON text come back as the value itself.
          const sent = serializeSomewhere(root, value, rnd);
          if (sent !== value) serialized++;
          expect(coerceJsonArgs(sent, schema), `repairing ${JSON.stringify(sent)}`).toEqual(value);
        }
      }),
      { numRuns: NUM_RUNS },
    );
    expect(schemas).toBe(NUM_RUNS);
    // Guard against a vacuous pass: the generators must produce values the originals accept.
    expect(accepted).toBeGreaterThan(NUM_RUNS);
    expect(Object.keys(byFlavour).sort()).toEqual(FLAVOURS.map((f) => f.name).sort());
    // The generators must reach the lossy merges the invariant is about, not only trivially disjoint variants.
    expect(seen['collision-widened'] ?? 0).toBeGreaterThan(NUM_RUNS / 10);
    expect(seen['enum-widened'] ?? 0).toBeGreaterThan(NUM_RUNS / 100);
    expect(serialized).toBeGreaterThan(NUM_RUNS / 2);
  }, 120_000);
});
