/**
 * The openai-strict profile against a real implementation: openai-node's `toStrictJsonSchema` (what
 * `zodFunction` / `zodResponseFormat` run before a strict request) on a corpus of generated schemas, advertised
 * by the engine exactly as a server ships them. The transform repairs what it can (it closes objects that say
 * nothing and makes nullable keys required) and throws on what it cannot; the profile judges the schema as
 * sent, so it reports both. The test asserts, schema by schema:
 *
 * 1. the transform refuses ⇔ the profile reports a violation the transform cannot repair (below);
 * 2. what the transform returns, the profile accepts, but for the rules the API enforces and the transform does not
 *    check (DIFFERENCES): those are listed and explained, never silently ignored.
 */
import fc from 'fast-check';
import { toStrictJsonSchema } from 'openai/lib/transform';
import { describe, expect, it } from 'vitest';
import { z as zod4 } from 'zod';
import { z as zod3 } from 'zod3';
import { advertise } from '../../../shared/index';
import { judgeTool, type Violation } from '../../../shared/clients/index';
import { ZOD3_ALIAS, ZOD4, type Flavour } from '../support/flavours';
import { build, corpus, type Z } from './corpus';

/** Rules the API enforces that toStrictJsonSchema leaves to the API (it neither repairs nor refuses them). */
const DIFFERENCES: Record<string, string> = {
  format: "the transform keeps every `format`; the API refuses one outside its list ('uri' is not a valid format)",
  depth: 'the transform does not count nesting; the API refuses more than 10 levels',
  'enum-count': 'the transform does not count enum values; the API refuses more than 500 in total',
};

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);
function at(schema: unknown, pointer: string[]): any {
  let node: any = schema;
  for (const seg of pointer) node = node?.[seg];
  return node;
}
/** Null is allowed by the subschema (what the transform needs to make an optional key required). */
function allowsNull(s: any): boolean {
  if (!isObject(s)) return false;
  if (s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null'))) return true;
  if (Array.isArray(s.anyOf)) return s.anyOf.some(allowsNull);
  if (Array.isArray(s.enum)) return s.enum.includes(null);
  return false;
}

const MERGEABLE = new Set([
  '$comment',
  'default',
  'description',
  'examples',
  'readOnly',
  'title',
  'writeOnly',
  'additionalProperties',
  'properties',
  'required',
  'type',
]);
/** An intersection of plain objects with distinct keys: openai-node merges it into one object (mergeObjectAllOf). */
function mergeable(node: any): boolean {
  const branches: any[] = node?.allOf ?? [];
  const keys = new Set<string>();
  return branches.every((b) => {
    if (!isObject(b) || b.type !== 'object' || !Object.keys(b).every((k) => MERGEABLE.has(k))) return false;
    if (b.additionalProperties !== undefined && b.additionalProperties !== false) return false;
    for (const k of Object.keys(b.properties ?? {})) {
      if (keys.has(k)) return false;
      keys.add(k);
    }
    return true;
  });
}

/** Whether a violation is one the transform cannot repair. */
function unrepairable(v: Violation, schema: unknown): boolean {
  if (v.rule === 'strict-required') return !allowsNull(at(schema, v.pointer));
  if (v.rule === 'strict-additional-properties') return at(schema, v.pointer)?.additionalProperties !== undefined;
  if (v.rule === 'all-of') return !mergeable(at(schema, v.pointer));
  return !(v.rule in DIFFERENCES);
}

function crossCheck(f: Flavour, z: Z) {
  const mismatches: string[] = [];
  const differences = new Map<string, number>();
  let refusedCount = 0;
  let runs = 0;
  fc.assert(
    fc.property(corpus, (fields) => {
      runs++;
      const { jsonSchema } = advertise({ name: 't', input: build(f, z, fields) }, { flattenUnionInput: false });
      const ours = judgeTool({ name: 't', inputSchema: jsonSchema }, {}, ['openai-strict']);
      let refusal: string | undefined;
      let strict: unknown;
      try {
        strict = toStrictJsonSchema(jsonSchema as any);
      } catch (error) {
        refusal = (error as Error).message;
      }
      if (refusal) refusedCount++;
      const blocking = ours.filter((v) => unrepairable(v, jsonSchema));
      if (Boolean(refusal) !== blocking.length > 0) {
        mismatches.push(
          `${JSON.stringify(jsonSchema)}\n  transform: ${refusal ?? 'accepted'}\n  profile: ${blocking.map((v) => `${v.rule}@/${v.pointer.join('/')}`).join(', ') || 'nothing it cannot repair'}`,
        );
      }
      if (strict !== undefined) {
        for (const v of judgeTool({ name: 't', inputSchema: strict }, {}, ['openai-strict'])) {
          if (v.rule in DIFFERENCES) differences.set(v.rule, (differences.get(v.rule) ?? 0) + 1);
          else mismatches.push(`transform output still breaks ${v.rule}@/${v.pointer.join('/')}: ${JSON.stringify(strict)}`);
        }
      }
    }),
    { numRuns: 300, seed: 20261201 },
  );
  return { mismatches, differences, refusedCount, runs };
}

describe.each([
  ['zod 4', ZOD4, zod4],
  ['zod 3', ZOD3_ALIAS, zod3],
] as const)('openai-strict vs openai-node toStrictJsonSchema, %s', (_name, flavour, z) => {
  it('refuses exactly what the profile reports it cannot repair, and accepts its own output but for the listed differences', () => {
    const { mismatches, differences, refusedCount, runs } = crossCheck(flavour, z);
    expect(mismatches.slice(0, 5).join('\n\n')).toBe('');
    // The corpus must exercise both sides, and every difference must be a documented one.
    expect(refusedCount).toBeGreaterThan(runs / 10);
    expect(refusedCount).toBeLessThan(runs);
    for (const rule of differences.keys()) expect(Object.keys(DIFFERENCES)).toContain(rule);
  });
});
