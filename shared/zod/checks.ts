/**
 * A node's own checks by name, read off zod 3's `checks` (and array, set and effects fields) or zod 4's check
 * instances; zod mini's annotation checks (`z.describe`, `z.meta`) validate nothing and are left out.
 */
import { readNode, type ZodNode } from './read';

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

/** Whether a zod 4 node carries a check that validates something (an object's `.refine()`; annotations left out). */
export function hasValidatingChecks(node: ZodNode): boolean {
  return node.flavour === 'v4' && validatingChecksV4(node.def as { checks?: unknown[] }).length > 0;
}

/** The checks of a zod 4 definition that validate something (annotation checks left out). */
function validatingChecksV4(def: { checks?: unknown[] }): unknown[] {
  return (def.checks ?? []).filter((c) => !ANNOTATION_CHECKS.has((c as { _zod?: { def?: { check?: string } } })?._zod?.def?.check ?? ''));
}

/** The names of a node's own checks (`min`, `regex`, `refine`, `transform`, a format such as `email`), as a user wrote them. */
export function checkNamesOf(node: ZodNode): string[] {
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
