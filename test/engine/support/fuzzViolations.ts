/**
 * Counting the engine's broken promises over fuzzed schemas (issue 16), by kind: a throw or "could not be
 * analysed", an advertised schema that does not compile, a value the original (zod) accepts and the advertised
 * schema (ajv) rejects while the unflattened one accepts it, a flattenable union left as oneOf/anyOf, a coerce that changes a valid value or fails to
 * repair a double-serialized one, and output that changes when another schema was advertised first.
 * Run by bench/fuzz.mjs; the property test asserts the same promises on fewer schemas.
 */
import fc from 'fast-check';
import { advertise, coerceJsonArgs } from '../../../shared/index';
import type { CollisionWidening, Target } from '../../../shared/types';
import { FLAVOURS } from './flavours';
import { declaredDialectValidator } from './jsonSchema';
import { buildSchema, duArb, keepsUnions, serializeSomewhere, valueArb, type FieldSpec } from './randomSchemas';

export type ViolationKind = 'throw' | 'no-compile' | 'not-superset' | 'union-left' | 'coerce-changed-valid' | 'coerce-no-repair' | 'nondeterministic';

export interface FuzzCount {
  schemas: number;
  /** Schemas with at least one violation. */
  violating: number;
  byKind: Record<ViolationKind, number>;
  /** One example per kind, for a reader to reproduce. */
  examples: Partial<Record<ViolationKind, string>>;
}

function unionsLeft(json: unknown): boolean {
  if (Array.isArray(json)) return json.some(unionsLeft);
  if (!json || typeof json !== 'object') return false;
  for (const [k, v] of Object.entries(json as Record<string, unknown>)) {
    const wrapper =
      k === 'anyOf' &&
      Array.isArray(v) &&
      v.length === 2 &&
      v.some((m: any) => (m?.type === 'null' && Object.keys(m).length === 1) || JSON.stringify(m) === '{"not":{}}');
    if ((k === 'oneOf' || k === 'anyOf') && !wrapper) return true;
    if (unionsLeft(v)) return true;
  }
  return false;
}

export const fuzzCaseArb = fc
  .record({
    flavour: fc.constantFrom(...FLAVOURS.map((f) => f.name)),
    target: fc.constantFrom<Target>('draft-7', 'draft-7', 'draft-2020-12'),
    du: duArb(2, true),
    wrap: fc.constantFrom('none', 'object', 'union-unknown'),
  })
  .chain((c) => {
    const root: FieldSpec =
      c.wrap === 'object'
        ? { t: 'object', fields: { root: c.du, note: { t: 'string' } } }
        : c.wrap === 'union-unknown'
          ? { t: 'object', fields: { u: { t: 'union', members: [{ t: 'unknown' }, c.du] } } }
          : c.du;
    return (
      fc
        .record({ c: fc.constant(c), root: fc.constant(root), values: fc.array(valueArb(root), { minLength: 1, maxLength: 6 }), seed: fc.integer() })
        // The widening rides on the seed (not a generated field), so adding it left the generated cases as they were.
        .map((x) => {
          const widening: CollisionWidening = (['unknown', 'base-type', 'type-array'] as const)[Math.abs(x.seed) % 3];
          return { ...x, c: { ...x.c, widening } };
        })
    );
  });

const canonical = (v: unknown) => JSON.stringify(v);

/** Fuzz `n` schemas from `seed` and count violations. */
export function countViolations(n: number, seed = 16): FuzzCount {
  const kinds: ViolationKind[] = ['throw', 'no-compile', 'not-superset', 'union-left', 'coerce-changed-valid', 'coerce-no-repair', 'nondeterministic'];
  const out: FuzzCount = { schemas: 0, violating: 0, byKind: Object.fromEntries(kinds.map((k) => [k, 0])) as FuzzCount['byKind'], examples: {} };
  const cases = fc.sample(fuzzCaseArb, { numRuns: n, seed });
  let previous: unknown;
  for (const { c, root, values, seed: s } of cases) {
    out.schemas++;
    const hit = new Set<ViolationKind>();
    const note = (kind: ViolationKind, what: string) => {
      hit.add(kind);
      out.examples[kind] ??= `${c.flavour} ${c.target}: ${what}\nspec: ${JSON.stringify(root)}`;
    };
    let state = s >>> 0;
    const rnd = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    const flavour = FLAVOURS.find((f) => f.name === c.flavour)!;
    let schema: any;
    try {
      schema = buildSchema(flavour, root);
    } catch {
      out.schemas--; // zod itself refused the generated schema (e.g. a duplicate discriminator value)
      continue;
    }
    const result = advertise({ name: 'fuzz', input: schema }, { target: c.target, collisionWidening: c.widening });
    const failed = result.findings.find((f) => /could not be analysed|cannot be converted/.test(f.message));
    if (failed) note('throw', failed.message);
    if (previous) advertise({ name: 'other', input: previous }, { target: c.target, collisionWidening: c.widening });
    if (canonical(advertise({ name: 'fuzz', input: schema }, { target: c.target, collisionWidening: c.widening })) !== canonical(result))
      note('nondeterministic', 'advertise differs after another schema was advertised');
    previous = schema;
    if (!keepsUnions(root) && c.wrap !== 'union-unknown' && unionsLeft(result.jsonSchema)) note('union-left', JSON.stringify(result.jsonSchema));
    // The converter's own losses (zod-to-json-schema's strictUnions drops `{}` from an anyOf) are in the
    // unflattened schema too: a superset violation is a value zod AND the unflattened schema accept.
    let unflattened: ReturnType<typeof declaredDialectValidator> | undefined;
    try {
      unflattened = declaredDialectValidator(
        advertise({ name: 'fuzz', input: schema }, { target: c.target, flattenUnionInput: false }).jsonSchema as { $schema?: string },
        c.target,
      );
    } catch {
      unflattened = undefined;
    }
    let validate: ReturnType<typeof declaredDialectValidator> | undefined;
    try {
      validate = declaredDialectValidator(result.jsonSchema as { $schema?: string }, c.target);
    } catch (error) {
      note('no-compile', `${(error as Error).message}: ${JSON.stringify(result.jsonSchema)}`);
    }
    for (const value of values) {
      let accepted = false;
      try {
        accepted = schema.safeParse(value).success;
      } catch {
        accepted = false;
      }
      if (!accepted) continue;
      if (validate && (!unflattened || unflattened(value)) && !validate(value))
        note('not-superset', `${JSON.stringify(value)} rejected by ${JSON.stringify(result.jsonSchema)}: ${JSON.stringify(validate.errors)}`);
      if (canonical(coerceJsonArgs(value, schema)) !== canonical(value))
        note('coerce-changed-valid', `${JSON.stringify(value)} → ${JSON.stringify(coerceJsonArgs(value, schema))}`);
      const sent = serializeSomewhere(root, value, rnd);
      if (canonical(coerceJsonArgs(sent, schema)) !== canonical(value))
        note('coerce-no-repair', `${JSON.stringify(sent)} → ${JSON.stringify(coerceJsonArgs(sent, schema))}, expected ${JSON.stringify(value)}`);
    }
    for (const k of hit) out.byKind[k]++;
    if (hit.size > 0) out.violating++;
  }
  return out;
}
