/** No public engine function throws, whatever it is handed: bad input becomes a finding. */
import { describe, expect, it } from 'vitest';
import * as z4 from 'zod';
import { advertise, coerceJsonArgs, flattenUnionsDeep, probeTools, toJsonSchema } from '../../../shared/index';

const hostile = new Proxy(
  {},
  {
    get() {
      throw new Error('read exploded');
    },
    has() {
      throw new Error('has exploded');
    },
    ownKeys() {
      throw new Error('keys exploded');
    },
    getPrototypeOf() {
      throw new Error('proto exploded');
    },
  },
);

describe('the public API never throws', () => {
  it('a hostile tool object, tool list, params and schema give findings', () => {
    expect(advertise(hostile as any, {}).mountable).toBe(false);
    expect(probeTools([hostile] as any, {}).length).toBeGreaterThan(0);
    expect(probeTools(null as any, {})).toEqual([]);
    const params = advertise({ name: 't', input: z4.object({}), params: hostile }, {});
    expect(params.findings.map((f) => f.message)).toEqual([
      'Tool t: the params schema is not a zod schema, so it cannot be analysed or mounted; pass a zod object schema.',
    ]);
    expect(params.findings[0].sites[0].trail).toEqual([{ kind: 'params' }]);
    expect(flattenUnionsDeep(hostile).schema).toBe(hostile);
    expect(toJsonSchema(hostile)).toEqual({});
    expect(coerceJsonArgs(hostile, z4.object({ a: z4.array(z4.string()) }))).toBe(hostile);
  });

  it('a default that throws while converting gives not-mountable and {} for display', () => {
    const r = advertise(
      {
        name: 't',
        input: z4.object({
          d: z4.string().default(() => {
            throw new Error('no default');
          }),
        }),
      },
      {},
    );
    expect(r.mountable).toBe(false);
    expect(r.jsonSchema).toEqual({});
    expect(r.findings[0].message).toContain('no default');
  });
});
