/**
 * The runtime's promise by property: for random discriminated unions in every zod flavour, every value the ORIGINAL
 * accepts passes the flat schema the runtime ships (as JSON Schema, with ajv, and as the zod parse the library runs),
 * comes out of that parse exactly as sent, and reaches the handler as the original parses it. A value sent with
 * objects or arrays double-serialized reaches the handler the same way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toJsonSchema } from '../../shared/index';
import { flattenTool } from '../../runtime/src/index';
import { FLAVOURS } from '../engine/support/flavours';
import { declaredDialectValidator } from '../engine/support/jsonSchema';
import { buildSchema, duArb, serializeSomewhere, valueArb, type FieldSpec } from '../engine/support/randomSchemas';

const NUM_RUNS = 300;

const caseArb = fc.record({ flavour: fc.constantFrom(...FLAVOURS.map((f) => f.name)), du: duArb(2), wrapInObject: fc.boolean() }).chain((c) => {
  const root: FieldSpec = c.wrapInObject ? { t: 'object', fields: { root: c.du, note: { t: 'string' } } } : c.du;
  return fc.record({ c: fc.constant(c), root: fc.constant(root), values: fc.array(valueArb(root), { minLength: 1, maxLength: 5 }), seed: fc.integer() });
});

/** What a library's parse call returns, for either major. */
async function libraryParse(schema: any, value: unknown): Promise<{ success: boolean; data?: unknown }> {
  const result = await schema['~standard'].validate(value);
  return result.issues ? { success: false } : { success: true, data: result.value };
}

describe('the runtime ships a sound flat schema and parses with the original', () => {
  it(`accepts, passes through and parses every value the original accepts (${NUM_RUNS} random unions)`, async () => {
    let accepted = 0;
    let repaired = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ c, root, values, seed }) => {
        let state = seed >>> 0;
        const rnd = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
        const flavour = FLAVOURS.find((f) => f.name === c.flavour)!;
        const original = buildSchema(flavour, root);
        const shipped = flattenTool(original);
        const validate = declaredDialectValidator(toJsonSchema(shipped.inputSchema) as { $schema?: string }, 'draft-7');
        for (const value of values) {
          const expected = original.safeParse(value);
          if (!expected.success) continue;
          accepted++;
          expect(validate(value), `${c.flavour}: the shipped JSON Schema rejects ${JSON.stringify(value)}: ${JSON.stringify(validate.errors)}`).toBe(true);
          const library = await libraryParse(shipped.inputSchema, value);
          expect(library, `${c.flavour}: the library's parse of the flat schema`).toEqual({ success: true, data: value });
          const handled = await shipped.parse(library.data);
          expect(handled).toEqual({ ok: true, value: expected.data });
          const sent = serializeSomewhere(root, value, rnd);
          if (sent === value) continue;
          repaired++;
          const viaLibrary = await libraryParse(shipped.inputSchema, sent);
          expect(viaLibrary.success, `${c.flavour}: repairing ${JSON.stringify(sent)}`).toBe(true);
          expect(await shipped.parse(viaLibrary.data)).toEqual({ ok: true, value: expected.data });
        }
      }),
      { numRuns: NUM_RUNS },
    );
    expect(accepted).toBeGreaterThan(NUM_RUNS);
    expect(repaired).toBeGreaterThan(NUM_RUNS / 4);
  }, 120_000);
});
