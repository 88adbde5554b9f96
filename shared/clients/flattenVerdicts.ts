/**
 * What flattening one union would change for each selected target, for a tool that ships the union as written: the
 * targets that refuse it as written and would take it flat, and those that would refuse the flat object instead (a
 * type array, a key made optional, a budget of optional keys). A flatten that fixes one client and breaks another
 * is visible before it ships. Plain data; findings/union-shipped.ts words it.
 */
import type { PlacedViolation, TargetSeverity } from './index';
import { severityOf } from './index';
import type { RuleId } from './types';

export interface VerdictChange {
  /** Targets that refuse the union as written and nothing of the flat object at its place. */
  accepted: string[];
  /** Targets the flat object would be refused by for a rule the union as written does not break, each with its first such violation; `before` when the target refuses the union as written too. */
  refused: Array<{ target: string; violation: PlacedViolation; before: boolean }>;
}

const startsWith = (path: readonly string[], prefix: readonly string[]) => prefix.every((s, i) => path[i] === s);

/** The refusals (error or warning after the user's severities) of each selected target among `violations` at the union. */
function refusals(violations: readonly PlacedViolation[], at: readonly string[], selected: readonly string[], severityFor: TargetSeverity) {
  const out = new Map<string, PlacedViolation[]>();
  for (const v of violations) {
    if (v.part !== 'input' || !(startsWith(v.path, at) || v.flatten)) continue;
    for (const t of v.targets) {
      if (!selected.includes(t.target)) continue;
      const severity = severityFor(t.target, v.rule, severityOf(t.consequence, t.evidence.kind));
      if (severity !== 'error' && severity !== 'warning') continue;
      out.set(t.target, [...(out.get(t.target) ?? []), v]);
    }
  }
  return out;
}

/** How the selected targets' verdicts on the union at `at` change when it is flattened; undefined when none does. */
export function verdictChange(
  asWritten: readonly PlacedViolation[],
  flattened: readonly PlacedViolation[],
  at: readonly string[],
  selected: readonly string[],
  severityFor: TargetSeverity,
): VerdictChange | undefined {
  const before = refusals(asWritten, at, selected, severityFor);
  const after = refusals(flattened, at, selected, severityFor);
  const accepted = selected.filter((t) => before.has(t) && !after.has(t));
  const refused = selected.flatMap((target) => {
    const rulesBefore = new Set<RuleId>((before.get(target) ?? []).map((v) => v.rule));
    const fresh = (after.get(target) ?? []).find((v) => !rulesBefore.has(v.rule));
    return fresh ? [{ target, violation: fresh, before: before.has(target) }] : [];
  });
  return accepted.length > 0 || refused.length > 0 ? { accepted, refused } : undefined;
}
