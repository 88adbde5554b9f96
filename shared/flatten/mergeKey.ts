/**
 * Merging one key across the variants that declare it (spec "Merge each key"): keep, widen to one enum, or widen
 * to unknown. No anyOf/oneOf is ever introduced.
 */
import { findChecks } from './checks';
import { sameDeclaration } from '../zod/sameDeclaration';
import { shapeName } from './canonical';
import { distinctShapes, type FieldShape } from './variantShapes';
import type { Variant } from './flattenable';
import { JSON_KINDS, type BaseType, type JsonKind, type ZodKit } from '../zod/build';
import type { CollisionWidening } from '../types';
import { defaultValueOf, innerOf, literalValues, readNode, type AnyZod } from '../zod/read';

export interface Declaration {
  variant: Variant;
  /** The field schema with a top-level `.optional()` removed. */
  schema: AnyZod;
  /** The field as declared (its description may sit on the optional wrapper). */
  field: AnyZod;
  /** Its normalized JSON shape; only computed where declarations of different instances are compared. */
  shape?: FieldShape;
}

export interface MergedKey {
  outcome: 'kept' | 'enum-widened' | 'widened-unknown' | 'widened-base-type' | 'widened-typed';
  /** The JSON type advertised (widened-base-type). */
  baseType?: BaseType;
  /** How the model sees the key, in words, when widened other than to unknown or a bare type (widened-typed). */
  seenAs?: string;
  schema: AnyZod;
  /** Why not kept, in words (for KeyMerge.reason). */
  reason?: string;
  /** Checks that forced unknown (deep check rule). */
  checks?: string[];
  /** Merged enum values (enum-widened). */
  values?: string[];
}

/** Merge the declarations of one key (in first-seen variant order); `widening` says how a collision is widened. */
export function mergeKey(decls: Declaration[], kit: ZodKit, widening: CollisionWidening = 'unknown'): MergedKey {
  const merged = mergeUnknown(decls, kit);
  if (merged.outcome !== 'widened-unknown' || widening === 'unknown') return merged;
  if (widening === 'type-array') return typedWidening(merged, decls, kit);
  const baseType = sharedBaseType(decls);
  if (!baseType) return merged;
  return { ...merged, outcome: 'widened-base-type', schema: kit.bare(baseType), baseType, reason: `${merged.reason}; advertised as a bare ${baseType}` };
}

/**
 * `type-array` (a superset still): what every variant's JSON can express. One JSON shape with checks that may
 * differ: that shape (checks are not JSON). One kind with differing bounds: the bare kind. Differing kinds: a type
 * array in a fixed order, integer folded into number beside it. A kind that cannot be known: `{}` (unknown).
 */
function typedWidening(merged: MergedKey, decls: Declaration[], kit: ZodKit): MergedKey {
  // One JSON shape: what JSON says of every declaration is the same, and what differs is checks JSON cannot say. The
  // zod schema shipped with it is parsed by the library too, so it must be a declaration carrying none of those (a
  // refine of one variant would refuse another's values); without one, the bare kind below.
  const plain = merged.checks ? decls.find((d) => findChecks(d.schema).every((name) => !BEYOND_JSON.has(name))) : undefined;
  if (plain) {
    return {
      ...merged,
      outcome: 'widened-typed',
      schema: withoutUnsharedDefault(decls, plain),
      seenAs: 'the JSON type its variants share',
      reason: `${merged.reason}; advertised with the JSON every variant shares`,
    };
  }
  const kinds = new Set<JsonKind>();
  for (const d of decls) {
    const of = kindsOf(d.shape?.shape);
    if (!of) return merged;
    for (const k of of) kinds.add(k);
  }
  if (kinds.has('number')) kinds.delete('integer');
  const ordered = JSON_KINDS.filter((k) => kinds.has(k));
  const schema = kit.typeArray(ordered);
  if (!schema) return merged;
  const seenAs = ordered.length === 1 ? `a bare ${ordered[0]}` : ordered.join(' or ');
  return { ...merged, outcome: 'widened-typed', schema, seenAs, reason: `${merged.reason}; advertised as ${seenAs}` };
}

/** Checks a JSON shape cannot carry: a function of the user's, or a change of the value. */
const BEYOND_JSON = new Set(['refine', 'superRefine', 'custom', 'check', 'transform', 'preprocess', 'pipe', 'effect', 'overwrite']);

/** The JSON kinds a declaration's shape admits, or undefined when its kind cannot be known (no type, a combinator). */
function kindsOf(shape: unknown): JsonKind[] | undefined {
  const s = shape as Record<string, unknown> | undefined;
  if (!s || s.anyOf || s.oneOf || s.allOf || s.$ref || s.not) return undefined;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.length === 0 || !types.every((t): t is JsonKind => typeof t === 'string' && (JSON_KINDS as readonly string[]).includes(t))) {
    // An enum or const without a type still says its kinds by its values.
    const values = Array.isArray(s.enum) ? s.enum : 'const' in s ? [s.const] : undefined;
    return values?.every((v) => typeof v === 'string') ? ['string'] : undefined;
  }
  return types;
}

/**
 * The one JSON type every declaration has (integer counts as number), when each shape says `type` and nothing
 * that could admit another type: then the bare type accepts every variant's values (a superset).
 */
function sharedBaseType(decls: Declaration[]): BaseType | undefined {
  let found: BaseType | undefined;
  for (const d of decls) {
    const shape = d.shape?.shape as Record<string, unknown> | undefined;
    const type = shape?.type === 'integer' ? 'number' : shape?.type;
    if (typeof type !== 'string' || !BASE_TYPES.has(type) || shape!.anyOf || shape!.oneOf || shape!.allOf) return undefined;
    if (found && found !== type) return undefined;
    found = type as BaseType;
  }
  return found;
}
const BASE_TYPES = new Set(['string', 'number', 'boolean', 'array', 'object']);

function mergeUnknown(decls: Declaration[], kit: ZodKit): MergedKey {
  // One instance (a key declared once, or a shared schema object): nothing to compare, nothing to leak.
  if (decls.every((d) => d.schema === decls[0].schema)) return { outcome: 'kept', schema: decls[0].schema };
  const distinct = distinctShapes(decls.map((d) => d.shape!));
  if (distinct === 1) {
    // Identical declarations (same kinds, checks and parameters; functions by identity) apply the same checks in
    // every variant: kept. Only where a check could differ does the deep check rule (ADR-0033 0.15.1) widen.
    const checks = decls.every((d) => sameDeclaration(d.schema, decls[0].schema)) ? [] : [...new Set(decls.flatMap((d) => findChecks(d.schema)))];
    if (checks.length > 0) {
      return {
        outcome: 'widened-unknown',
        schema: kit.unknown(),
        checks,
        reason: `carries a check (${checks.join(', ')}) that the flat field would apply to every variant`,
      };
    }
    return { outcome: 'kept', schema: withoutUnsharedDefault(decls) };
  }
  const values = stringValuesOf(decls);
  if (values) {
    return { outcome: 'enum-widened', schema: kit.enumOf(values), values, reason: 'string values of several variants merged into one enum' };
  }
  const shapes = [...new Set(decls.map((d) => shapeName(d.shape?.shape)))];
  return { outcome: 'widened-unknown', schema: kit.unknown(), reason: `declared with different shapes (${shapes.join(', ')})` };
}

/** All declarations are string literals / string enums: their values, deduplicated, first-seen; else undefined. */
function stringValuesOf(decls: Declaration[]): string[] | undefined {
  const out: string[] = [];
  for (const d of decls) {
    const node = readNode(d.schema);
    if (!node || (node.kind !== 'literal' && node.kind !== 'enum')) return undefined;
    const vals = literalValues(node);
    if (vals.length === 0 || vals.some((v) => typeof v !== 'string')) return undefined;
    for (const v of vals as string[]) if (!out.includes(v)) out.push(v);
  }
  return out;
}

/**
 * K4: a default is an annotation, advertised only when every declaring variant has the identical default;
 * otherwise the kept field drops its default wrapper so it does not look like it applies to every variant.
 */
function withoutUnsharedDefault(decls: Declaration[], kept: Declaration = decls[0]): AnyZod {
  const first = readNode(kept.schema);
  if (!first || first.kind !== 'default') return kept.schema;
  const text = defaultText(kept.schema);
  const shared = decls.every((d) => defaultText(d.schema) === text && text !== undefined);
  return shared ? kept.schema : innerOf(first);
}

function defaultText(schema: AnyZod): string | undefined {
  const node = readNode(schema);
  if (!node || node.kind !== 'default') return undefined;
  try {
    const v = defaultValueOf(node);
    return JSON.stringify(v) ?? 'undefined';
  } catch {
    return undefined;
  }
}
