/**
 * Catalogue case 31, the invariant by property: for random discriminated unions (keys from a small pool so
 * they collide, random types, checks, nested unions, optional/nullable/default wrappers, zod 3 and 4; and the
 * fuzz dimensions of issue 16: passthrough/catchall variants, keyword-named properties, widened keys inside a
 * plain union beside `unknown`, plain unions with a string member, nullable discriminators), every value the
 * ORIGINAL schema AND the unflattened advertised schema accept is accepted by the advertised JSON Schema (ajv),
 * the advertised schema compiles, and a flattenable union leaves no oneOf/anyOf behind; with identical declarations
 * kept, and with `collisionWidening` `unknown`, `base-type` and `type-array` alike.
 *
 * The invariant is "a superset, modulo keys a variant does not declare": `{kind:'b', x:5}`, where only variant
 * `a` declares `x: string`, is accepted by zod (variant b strips x, or passes it through untyped) but not by the
 * flat object, whose `x` is typed by a's declaration. That is by design (ADR-0033: keys are merged, not made
 * per-variant); the generators send a variant only its own keys, plus `extra_key` (declared by no variant) to
 * open variants.
 *
 * Alongside, catalogue 30 by property: coerceJsonArgs of a valid value is the identity, and objects/arrays
 * inside it sent as JSON text are repaired to the value itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advertise, coerceJsonArgs } from '../../shared/index';
import { FLAVOURS } from './support/flavours';
import { fuzzCaseArb as caseArb } from './support/fuzzViolations';
import { declaredDialectValidator } from './support/jsonSchema';
import { buildSchema, keepsUnions, serializeSomewhere } from './support/randomSchemas';

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
        const rnd = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
        const flavour = FLAVOURS.find((f) => f.name === c.flavour)!;
        let schema: any;
        try {
          schema = buildSchema(flavour, root);
        } catch {
          return; // zod itself refused the generated schema
        }
        const { jsonSchema, findings } = advertise({ name: 'random', input: schema }, { target: c.target, collisionWidening: c.widening });
        const unflattened = declaredDialectValidator(
          advertise({ name: 'random', input: schema }, { target: c.target, flattenUnionInput: false }).jsonSchema as { $schema?: string },
          c.target,
        );
        schemas++;
        byFlavour[c.flavour] = (byFlavour[c.flavour] ?? 0) + 1;
        for (const code of new Set(findings.map((f) => f.code))) seen[code] = (seen[code] ?? 0) + 1;
        if (!keepsUnions(root)) expect(unionsLeft(jsonSchema), `${c.flavour}: a flattenable union left a oneOf/anyOf`).toEqual([]);
        // The dialect itself is checked in catalogue/dialect.test.ts; here only soundness counts.
        const validate = declaredDialectValidator(jsonSchema as { $schema?: string }, c.target);
        for (const value of values) {
          if (!schema.safeParse(value).success) continue;
          // The converter's own losses are not the flatten's (zod-to-json-schema's strictUnions drops `{}` members).
          if (!unflattened(value)) continue;
          accepted++;
          const ok = validate(value);
          if (!ok) {
            throw new Error(
              `${c.flavour} ${c.target}: the original accepts ${JSON.stringify(value)} but the advertised schema rejects it\n` +
                `errors: ${JSON.stringify(validate.errors)}\nadvertised: ${JSON.stringify(jsonSchema)}`,
            );
          }
          // coerce of a valid value is the identity (also where a union's string member holds JSON-looking text).
          expect(JSON.stringify(coerceJsonArgs(value, schema)), `coerce changed the valid ${JSON.stringify(value)}`).toBe(JSON.stringify(value));
          // Catalogue 30 at any depth: objects and arrays sent as JSON text come back as the value itself.
          const sent = serializeSomewhere(root, value, rnd);
          if (sent !== value) serialized++;
          expect(coerceJsonArgs(sent, schema), `repairing ${JSON.stringify(sent)}`).toEqual(value);
        }
      }),
      // Seeded: the coverage guards below count what random unions happen to hit, so an unseeded run can fall short of
      // them by chance (seen at 8 of 10 enum merges); a fixed seed keeps the same 1,000 unions, and the same bounds.
      { numRuns: NUM_RUNS, seed: 20261201 },
    );
    expect(schemas).toBeGreaterThan(NUM_RUNS * 0.95);
    // Guard against a vacuous pass: the generators must produce values the originals accept.
    expect(accepted).toBeGreaterThan(NUM_RUNS);
    expect(Object.keys(byFlavour).sort()).toEqual(FLAVOURS.map((f) => f.name).sort());
    // The generators must reach the lossy merges the invariant is about, not only trivially disjoint variants.
    expect(seen['collision-widened'] ?? 0).toBeGreaterThan(NUM_RUNS / 10);
    expect(seen['enum-widened'] ?? 0).toBeGreaterThan(NUM_RUNS / 100);
    expect(seen['strictness-dropped'] ?? 0, 'open and strict variants are generated').toBeGreaterThan(NUM_RUNS / 10);
    expect(serialized).toBeGreaterThan(NUM_RUNS / 2);
  }, 120_000);
});

describe('coerceJsonArgs by property (catalogue 30)', () => {
  it('coerce of a valid value is the identity (1000 random schemas, every flavour)', () => {
    let valid = 0;
    fc.assert(
      fc.property(caseArb, ({ c, root, values }) => {
        let schema: any;
        try {
          schema = buildSchema(
            FLAVOURS.find((f) => f.name === c.flavour)!,
            root,
          );
        } catch {
          return;
        }
        for (const value of values) {
          if (!schema.safeParse(value).success) continue;
          valid++;
          const out = coerceJsonArgs(value, schema);
          expect(out, `coerce returned a different object for the valid ${JSON.stringify(value)}`).toBe(value);
        }
      }),
      // Seeded: the coverage guards below count what random unions happen to hit, so an unseeded run can fall short of
      // them by chance (seen at 8 of 10 enum merges); a fixed seed keeps the same 1,000 unions, and the same bounds.
      { numRuns: NUM_RUNS, seed: 20261201 },
    );
    expect(valid).toBeGreaterThan(NUM_RUNS);
  }, 120_000);
});
