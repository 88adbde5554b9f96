/**
 * The deep check rule (ADR-0033, release 0.15.1): does a schema carry any check anywhere inside it?
 * A check (`.min`, `.int`, `.regex`, `.refine`, a transform or pipe, ...) does not fully survive as JSON Schema,
 * so on a key shared by several variants the flat field would apply it to every variant.
 */
import { childrenOf, readNode, type AnyZod, type ZodNode } from '../zod/read';

const V4_CHECK_NAMES: Record<string, string> = {
  custom: 'refine',
  min_length: 'min',
  max_length: 'max',
  length_equals: 'length',
  greater_than: 'min',
  less_than: 'max',
  multiple_of: 'multipleOf',
  overwrite: 'overwrite',
  min_size: 'min',
  max_size: 'max',
  size_equals: 'size',
};

/** zod mini's `.check(z.describe(...))` / `.check(z.meta(...))` only annotate; they validate nothing. */
const ANNOTATION_CHECKS = new Set(['describe', 'meta']);

/** The checks of a zod 4 definition that validate something (annotation checks left out). */
export function validatingChecksV4(def: { checks?: unknown[] }): unknown[] {
  return (def.checks ?? []).filter((c) => !ANNOTATION_CHECKS.has((c as { _zod?: { def?: { check?: string } } })?._zod?.def?.check ?? ''));
}

/** Names of the checks found inside `schema` (deduplicated, first-found order; empty when none). */
export function findChecks(schema: AnyZod): string[] {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (value: AnyZod) => {
    if (!value || seen.has(value)) return;
    seen.add(value);
    const node = readNode(value);
    if (!node) return;
    for (const name of ownChecks(node)) found.add(name);
    for (const child of childrenOf(node)) visit(child);
  };
  visit(schema);
  return [...found];
}

function ownChecks(node: ZodNode): string[] {
  const d = node.def;
  const names: string[] = [];
  if (node.flavour === 'v4') {
    if (typeof d.check === 'string') names.push(d.format ?? d.check);
    for (const c of d.checks ?? []) {
      const cd = c?._zod?.def ?? {};
      if (ANNOTATION_CHECKS.has(cd.check)) continue;
      names.push(
        cd.check === 'string_format' || cd.check === 'number_format'
          ? cd.format === 'safeint'
            ? 'int'
            : cd.format
          : (V4_CHECK_NAMES[cd.check] ?? cd.check ?? 'check'),
      );
    }
    if (node.kind === 'transform') names.push('transform');
    if (node.kind === 'pipe') names.push(readNode(d.in)?.kind === 'transform' || readNode(d.out)?.kind === 'transform' ? 'transform' : 'pipe');
    return names;
  }
  for (const c of Array.isArray(d.checks) ? d.checks : []) names.push(c?.kind ?? 'check');
  if (node.kind === 'array') {
    if (d.minLength) names.push('min');
    if (d.maxLength) names.push('max');
    if (d.exactLength) names.push('length');
  }
  if (node.kind === 'set' && (d.minSize || d.maxSize)) names.push('size');
  if (node.kind === 'effects') names.push(d.effect?.type === 'refinement' ? 'refine' : (d.effect?.type ?? 'effect'));
  if (node.kind === 'pipe') names.push('pipe');
  return names;
}
