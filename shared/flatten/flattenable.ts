/**
 * Whether a discriminated union can become one object (spec "Flattenable or not"), and each variant's label.
 */
import { discriminatorOf, innerOf, literalValues, objectShape, readNode, unionOptions, type AnyZod, type ZodKind, type ZodNode } from '../zod/read';

export interface Variant {
  index: number;
  node: ZodNode;
  shape: Record<string, AnyZod>;
  /** Discriminator values of this variant, all strings. */
  values: string[];
  /** The values joined by ` | `. */
  label: string;
}

export type KeptReason =
  | { kind: 'empty' }
  /** The union is met again inside one of its own variants (a getter or z.lazy recursion): that inner occurrence is kept. */
  | { kind: 'recursive' }
  | { kind: 'non-object-variant'; index: number; label: string; what: ZodKind }
  | { kind: 'optional-discriminator'; index: number; label: string }
  | { kind: 'non-string-discriminator'; index: number; label: string; what: string }
  | { kind: 'missing-discriminator'; index: number; label: string }
  /** Two variants claim one discriminator value: zod 4 throws "Duplicate discriminator value" on every parse. */
  | { kind: 'overlapping-discriminator'; index: number; label: string; value: string; other: string };

export type Flattenability = { ok: true; variants: Variant[] } | { ok: false; reason: KeptReason };

/** Decide flattenability; never throws. */
export function checkFlattenable(union: ZodNode): Flattenability {
  const discriminator = discriminatorOf(union);
  const options: AnyZod[] = unionOptions(union);
  if (options.length === 0) return { ok: false, reason: { kind: 'empty' } };
  const variants: Variant[] = [];
  for (let index = 0; index < options.length; index++) {
    const node = readNode(options[index]);
    const fallbackLabel = `#${index + 1}`;
    if (!node || node.kind !== 'object') {
      return { ok: false, reason: { kind: 'non-object-variant', index, label: fallbackLabel, what: node?.kind ?? 'other' } };
    }
    const shape = objectShape(node);
    const disc = readNode(shape[discriminator]);
    if (!disc) return { ok: false, reason: { kind: 'missing-discriminator', index, label: fallbackLabel } };
    if (disc.kind === 'optional' || disc.kind === 'default' || disc.kind === 'prefault') {
      const inner = readNode(innerOf(disc));
      const label = inner ? literalValues(inner).map(String).join(' | ') || fallbackLabel : fallbackLabel;
      return { ok: false, reason: { kind: 'optional-discriminator', index, label } };
    }
    const values = disc.kind === 'literal' || disc.kind === 'enum' ? literalValues(disc) : [];
    const label = values.length > 0 ? values.map(String).join(' | ') : fallbackLabel;
    if (values.length === 0 || values.some((v) => typeof v !== 'string')) {
      const what = values.length === 0 ? disc.kind : describeValueTypes(values);
      return { ok: false, reason: { kind: 'non-string-discriminator', index, label, what } };
    }
    const claimed = variants.find((v) => v.values.some((value) => values.includes(value)));
    if (claimed) {
      const value = claimed.values.find((v) => values.includes(v))!;
      return { ok: false, reason: { kind: 'overlapping-discriminator', index, label, value, other: claimed.label } };
    }
    variants.push({ index, node, shape, values: values as string[], label });
  }
  return { ok: true, variants };
}

function describeValueTypes(values: unknown[]): string {
  const types = [...new Set(values.map((v) => (v === null ? 'null' : typeof v)))];
  return types.length === 1 ? types[0] : `mixed (${types.join(', ')})`;
}

/** Best-effort label of any union option (also for unions that are not flattenable). */
export function optionLabel(union: ZodNode, index: number): string {
  const node = readNode(unionOptions(union)[index]);
  if (node?.kind === 'object') {
    let disc = readNode(objectShape(node)[discriminatorOf(union)]);
    if (disc && (disc.kind === 'optional' || disc.kind === 'default')) disc = readNode(innerOf(disc));
    const values = disc ? literalValues(disc) : [];
    if (values.length > 0) return values.map(String).join(' | ');
  }
  return `#${index + 1}`;
}
