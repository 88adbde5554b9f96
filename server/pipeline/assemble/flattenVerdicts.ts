/**
 * A union that ships as written says, in its union-shipped finding, what flattening it would change for the
 * targets the user selected: the clients it would satisfy and those whose rules the flat object would break. The
 * worker judged both forms for every target; the selection and the user's severities are known only here.
 */
import { messages } from '../../../shared/findings/index';
import { profileOf, type TargetSeverity } from '../../../shared/clients/index';
import { verdictChange } from '../../../shared/clients/flattenVerdicts';
import type { Finding } from '../../../shared/types';
import type { EvaluatedTool } from '../evaluate/contract';

/** The tool's findings, each union-shipped one ending with how the selected targets' verdicts change when flattened. */
export function withFlattenVerdicts(tool: EvaluatedTool, targets: readonly string[], severityFor: TargetSeverity): Finding[] {
  const flat = tool.flattenedViolations;
  if (!flat) return tool.findings;
  const label = (id: string) => profileOf(id)?.label ?? id;
  return tool.findings.map((f) => {
    if (f.code !== 'union-shipped') return f;
    const change = verdictChange(tool.violations ?? [], flat, f.path, targets, severityFor);
    if (!change) return f;
    const refused = change.refused.map(({ target, violation: v, before }) => ({ label: label(target), rule: v.rule, path: v.path, detail: v.detail, before }));
    return { ...f, message: `${f.message} ${messages.flattenVerdicts(change.accepted.map(label), refused)}` };
  });
}
