/**
 * When a client refuses a node that the flatten made (a widened key's type array, a key every variant requires
 * advertised optional, a flat object's count of optional keys), the finding must say so: its zod call is not the
 * cause and the usual fix ("use .nullable()") would not help. Plain data from the flatten's key merges.
 */
import type { FlattenCause, KeyMerge } from '../types';

export type { FlattenCause } from '../types';
import type { PlacedViolation } from './index';

const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((s, i) => s === b[i]);

/** What the flatten did to cause one violation of a flattened tool's input, or undefined when the flatten did not. */
export function flattenCauseOf(v: PlacedViolation, merges: readonly KeyMerge[]): FlattenCause | undefined {
  if (v.part !== 'input' || merges.length === 0) return undefined;
  if (v.rule === 'optional-budget') {
    const count = merges.filter((m) => m.requiredIn).length;
    return count > 0 ? { kind: 'optional-count', count } : undefined;
  }
  const merge = merges.find((m) => samePath(m.path, v.path));
  if (!merge) return undefined;
  if (v.rule === 'strict-required') {
    return merge.requiredIn ? { kind: 'made-optional', key: merge.key, discriminator: merge.discriminator, requiredIn: merge.requiredIn } : undefined;
  }
  return merge.outcome === 'kept' ? undefined : { kind: 'widened', key: merge.key, discriminator: merge.discriminator, variants: merge.variants };
}

/** The violations of a flattened tool, each with what the flatten did to cause it; a node it caused has no zod call. */
export function withFlattenCauses(violations: readonly PlacedViolation[], merges: readonly KeyMerge[]): PlacedViolation[] {
  return violations.map((v) => {
    const flatten = flattenCauseOf(v, merges);
    if (!flatten) return v;
    if (flatten.kind === 'optional-count') return { ...v, flatten };
    // The key the flatten changed, where a variant declares it: no zod call of its schema is the cause.
    const { call: _call, ...site } = v.site;
    const onKey = site.anchor === 'node' && site.trail[site.trail.length - 1]?.kind === 'key';
    return { ...v, flatten, site: onKey ? { ...site, anchor: 'key' as const } : site };
  });
}
