/**
 * A tool's `client-rejects` findings, placed. Violations of one rule that land on one place in the source with the
 * same targets and detail (each use of a recursive schema is its own `$ref`, all at the one `z.lazy`) become one
 * finding naming every path, not one near-identical error per path at the same position.
 */
import { clientFinding, type PlacedViolation, type TargetSeverity } from '../../../shared/clients/index';
import type { Finding } from '../../../shared/types';
import type { EvaluatedTool } from '../evaluate/contract';
import type { Diagnostic } from './report';

/** Every client-rejects diagnostic of one tool, one per rule and place; `place` puts a finding in the source. */
export function clientDiagnostics(
  tool: EvaluatedTool,
  targets: readonly string[],
  severityFor: TargetSeverity,
  place: (f: Finding) => Diagnostic[],
): Diagnostic[] {
  const diagnosticsOf = (v: PlacedViolation) => {
    const f = clientFinding(tool.name, v, targets, tool.shipped?.plainJson, severityFor);
    return f ? place(f) : [];
  };
  const groups = new Map<string, { first: PlacedViolation; others: PlacedViolation[]; placed: Diagnostic[] }>();
  for (const v of tool.violations ?? []) {
    const placed = diagnosticsOf(v);
    if (placed.length === 0) continue;
    // Only a node below the input's root has paths to name; any other violation stands alone.
    const named = v.part === 'input' && v.path.length > 0;
    const key = named ? JSON.stringify([v.rule, v.detail, v.targets, placed.map((d) => [d.file, d.range, d.severity, d.targets])]) : `alone ${groups.size}`;
    const group = groups.get(key);
    if (group) group.others.push(v);
    else groups.set(key, { first: v, others: [], placed });
  }
  return [...groups.values()].flatMap(({ first, others, placed }) =>
    others.length === 0 ? placed : diagnosticsOf({ ...first, alsoAt: others.map((v) => v.path) }),
  );
}
