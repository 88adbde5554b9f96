// The strict view: what a strict provider asks the model to fill, checked with a real JSON Schema validator.
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { advertise } from '../../../shared/index';
import { judgeTool } from '../../../shared/clients/index';
import { strictView } from '../../../shared/clients/strictView';

const input = z.object({
  query: z.string(),
  limit: z.number().int().optional(),
  sort: z.enum(['new', 'top']).optional(),
  filter: z.object({ from: z.string().optional(), to: z.string() }).optional(),
});

describe('strictView', () => {
  const { jsonSchema } = advertise({ name: 'search', input }, { target: 'draft-7' });
  const strict = strictView(jsonSchema) as any;

  it('every key required, each optional one nullable, no extra keys, at every level', () => {
    expect(strict.required).toEqual(['query', 'limit', 'sort', 'filter']);
    expect(strict.additionalProperties).toBe(false);
    expect(strict.properties.limit.type).toEqual(['integer', 'null']);
    expect(strict.properties.sort.enum).toEqual(['new', 'top', null]);
    expect(strict.properties.filter.type).toEqual(['object', 'null']);
    expect(strict.properties.filter.required).toEqual(['from', 'to']);
    expect(strict.properties.filter.properties.from.type).toEqual(['string', 'null']);
    expect(jsonSchema).not.toBe(strict);
  });

  it('breaks none of the OpenAI strict rules about required keys and extra properties', () => {
    const rules = judgeTool({ name: 'search', inputSchema: strict }, {}, ['openai-strict']).map((v) => v.rule);
    expect(rules).not.toContain('strict-required');
    expect(rules).not.toContain('strict-additional-properties');
  });

  it('what the model fills (nulls where a key is unset) is valid for the view, and the same object without the nulls for the original', () => {
    const ajv = new Ajv({ strict: false });
    const filled = { query: 'q', limit: null, sort: null, filter: { from: null, to: 'b' } };
    expect(ajv.validate(strict, filled)).toBe(true);
    const unset = { query: 'q', filter: { to: 'b' } };
    expect(ajv.validate(jsonSchema as object, unset)).toBe(true);
    expect(ajv.validate(strict, unset)).toBe(false);
  });
});
