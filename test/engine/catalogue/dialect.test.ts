/**
 * spec/flatten.md "Advertised JSON Schema": the dialect. Default draft-7 (what the MCP TypeScript SDK 1.x
 * sends), option draft 2020-12; each validated by a real validator of that dialect; every zod flavour.
 */
import { describe, expect, it } from 'vitest';
import { FLAVOURS, type Flavour } from '../support/flavours';
import { adv, expectBothAccept, expectNoUnionKeywords } from '../support/engine';

const DRAFT_7 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';

describe.each(FLAVOURS.map((f) => [f.name, f] as const))('dialects with %s', (_name, f: Flavour) => {
  const schema = () =>
    f.object({
      act: f.du('k', [f.object({ k: f.literal('a'), x: f.string() }), f.object({ k: f.literal('b'), y: f.array(f.number()) })]),
      pair: f.tuple([f.string(), f.number()]),
    });

  it('is draft-7 by default', () => {
    const { jsonSchema } = adv(schema());
    expect(jsonSchema.$schema).toBe(DRAFT_7);
    expectNoUnionKeywords(jsonSchema.properties.act);
    expectBothAccept(schema(), jsonSchema, { act: { k: 'b', y: [1] }, pair: ['s', 1] }, 'draft-7');
  });

  it('is draft 2020-12 when asked, and a 2020-12 validator accepts what the original accepts', () => {
    const { jsonSchema } = adv(schema(), { target: 'draft-2020-12' });
    expect(jsonSchema.$schema).toBe(DRAFT_2020);
    expectNoUnionKeywords(jsonSchema.properties.act);
    expectBothAccept(schema(), jsonSchema, { act: { k: 'a', x: 's' }, pair: ['s', 1] }, 'draft-2020-12');
  });
});
