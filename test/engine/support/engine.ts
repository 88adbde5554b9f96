/**
 * The engine as the catalogue drives it: one tool called `t`, plus the zod-introspection a test needs to
 * check identity and ownership of the flattened schema (kept here, not in the engine, on purpose).
 */
import { expect } from 'vitest';
import { advertise, flattenUnionsDeep } from '../../../shared/index';
import type { AdvertiseOptions, Finding, FindingCode, Step } from '../../../shared/types';
import { jsonAccepts, keywordPaths, UNION_KEYWORDS } from './jsonSchema';
import type { S } from './flavours';

export const TOOL = 't';

/** Advertise a one-off tool named `t`. */
export function adv(input: S, options: AdvertiseOptions = {}, extra: { params?: S; extend?: S } = {}) {
  const result = advertise({ name: TOOL, input, ...extra }, options);
  // Tests read into the JSON freely; a wrong shape fails the assertion that reads it.
  return { ...result, jsonSchema: result.jsonSchema as any, findings: result.findings, merges: result.merges };
}

export function flat(schema: S) {
  const result = flattenUnionsDeep(schema, { tool: TOOL });
  // The flattened schema is a zod schema of the input's own (untyped here) copy.
  return { ...result, schema: result.schema as S };
}

export function withCode(findings: Finding[], code: FindingCode): Finding[] {
  return findings.filter((f) => f.code === code);
}

export const variantStep = (discriminator: string, label: string, index: number): Step => ({ kind: 'variant', discriminator, label, index });
export const keyStep = (key: string): Step => ({ kind: 'key', key });

/** The original accepts the value, and so does the advertised JSON Schema (the invariant, on one example). */
export function expectBothAccept(original: S, jsonSchema: object, value: unknown, target: AdvertiseOptions['target'] = 'draft-7') {
  const parsed = original.safeParse(value);
  expect(parsed.success, `original zod schema rejects ${JSON.stringify(value)}`).toBe(true);
  const { ok, errors } = jsonAccepts(jsonSchema, value, target);
  expect(ok, `advertised JSON Schema rejects ${JSON.stringify(value)}: ${JSON.stringify(errors)}`).toBe(true);
}

export function expectNoUnionKeywords(json: unknown) {
  expect(keywordPaths(json, UNION_KEYWORDS)).toEqual([]);
}

export function expectUnionKeywords(json: unknown) {
  expect(keywordPaths(json, UNION_KEYWORDS).length).toBeGreaterThan(0);
}

// ---- zod introspection, zod 3 and 4 alike ----

/** The definition's kind: 'object', 'optional', 'union', ... for zod 3 and 4 alike. */
export function kindOf(s: S): string {
  if (s?._zod) return s._zod.def.type;
  const name: string = s?._def?.typeName ?? '';
  const bare = name.replace(/^Zod/, '');
  return bare === 'DiscriminatedUnion' ? 'union' : bare.charAt(0).toLowerCase() + bare.slice(1);
}

export function shapeOf(s: S): Record<string, S> {
  if (s?._zod) return s._zod.def.shape;
  return typeof s._def.shape === 'function' ? s._def.shape() : s._def.shape;
}

export function unwrapOptional(s: S): S {
  return kindOf(s) === 'optional' ? (s._zod ? s._zod.def.innerType : s._def.innerType) : s;
}

export function unionOptions(s: S): S[] {
  return s._zod ? s._zod.def.options : s._def.options;
}

/** Every schema node reachable from `root` through its definition (shape, inner types, options, ...). */
export function schemaNodes(root: S): S[] {
  const seen = new Set<S>();
  const isSchema = (v: unknown): v is S => !!v && typeof v === 'object' && ('_zod' in v || '_def' in v);
  const visit = (node: S) => {
    if (seen.has(node)) return;
    seen.add(node);
    const def = node._zod ? node._zod.def : node._def;
    for (const [key, value] of Object.entries(def)) {
      const v = key === 'shape' && typeof value === 'function' ? (value as () => unknown)() : value;
      const children = Array.isArray(v) ? v : v && typeof v === 'object' && !isSchema(v) ? Object.values(v) : [v];
      for (const child of children) if (isSchema(child)) visit(child);
    }
  };
  visit(root);
  return [...seen];
}
