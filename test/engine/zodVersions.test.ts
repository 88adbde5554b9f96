/**
 * Issue 12 point 6: shapes are compared with the converter of the zod copy that built the schema. Every zod 4
 * minor the workspace may hold (4.0, 4.1, 4.2.1, 4.6, installed as npm aliases), registered as the evaluation
 * worker registers the workspace's zod, gives the same findings and hints; a 4.2.1 schema through our bundled
 * converter lost every described field's `type`, and a real collision compared as `{}` vs `{}`.
 */
import { describe, expect, it } from 'vitest';
import * as z40 from 'zod-4-0';
import * as z41 from 'zod-4-1';
import * as z42 from 'zod-4-2';
import * as z46 from 'zod-4-6';
import { advertise, registerZod } from '../../shared/index';

const COPIES: Array<[string, any]> = [
  ['4.0', z40],
  ['4.1', z41],
  ['4.2.1', z42],
  ['4.6', z46],
];
for (const [, mod] of COPIES) registerZod(mod);

function schemaOf(z: any) {
  return z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('a'), name: z.string().describe('The name'), id: z.string().min(1).describe('Id'), note: z.string().describe('A note') }),
    z.object({ kind: z.literal('b'), name: z.number().describe('The number'), id: z.string().min(1).describe('Id'), note: z.string().describe('A note') }),
  ]);
}

function summary(z: any) {
  const { findings, merges, jsonSchema } = advertise({ name: 't', input: schemaOf(z) });
  return {
    findings: findings.map((f) => `${f.code} ${f.path.join('.')}: ${f.message}`),
    merges: merges.map((m) => `${m.key} ${m.outcome} ${JSON.stringify(m.shapes)}`),
    hints: Object.fromEntries(Object.entries((jsonSchema as any).properties).map(([k, v]: [string, any]) => [k, v.description])),
  };
}

describe('the same findings for every zod 4 minor', () => {
  it.each(COPIES)('zod %s: a described collision is reported with its real shapes; identical declarations kept', (_v, mod) => {
    const got = summary(mod.z);
    expect(got.findings).toEqual([
      "collision-widened name: Tool t: the model sees `name` as unknown; rename it in one variant. Variants 'a' (string) and 'b' (number) declare it differently.",
    ]);
    expect(got.merges).toEqual([
      'name widened-unknown [{"type":"string"},{"type":"number"}]',
      'id kept [{"type":"string","minLength":1},{"type":"string","minLength":1}]',
      'note kept [{"type":"string"},{"type":"string"}]',
    ]);
    expect(got.hints.name).toBe('kind = a: The name; kind = b: The number Required if kind = a | b. string when kind = a; number when kind = b');
  });

  it('all four give byte-identical summaries', () => {
    const texts = COPIES.map(([, mod]) => JSON.stringify(summary(mod.z)));
    expect(new Set(texts).size).toBe(1);
  });
});

describe('the advertised JSON Schema of every zod 4 minor is that copy’s own', () => {
  it.each(COPIES)('zod %s: a described object keeps its type and properties, exactly as the copy converts it', (_v, mod) => {
    const z = mod.z;
    const input = z.object({
      data: z.union([z.object({ c: z.string() }).describe('Set'), z.object({ ids: z.array(z.string()) }).strict()]).describe('Data'),
    });
    for (const flattenUnionInput of [false, true]) {
      const { jsonSchema } = advertise({ name: 't', input }, { flattenUnionInput });
      // Our bundled 4.6 converter turned a 4.2.1 member into `{ "description": "Set" }`: the preview lied about the union.
      expect((jsonSchema as any).properties.data.anyOf[0]).toMatchObject({ type: 'object', properties: { c: { type: 'string' } } });
      expect(JSON.stringify(jsonSchema)).toBe(JSON.stringify(z.toJSONSchema(input, { target: 'draft-7', io: 'input' })));
    }
  });
});
