/**
 * Where a provider's answer and its profile disagree: a `verdict-drift` finding on the tool, with both sides. Made
 * from stored answers, so `verify`'s own report, `check` and the language server say the same for as long as the
 * answer holds (the tool's digest unchanged); the prediction is the engine's, judged again now, so a profile updated
 * since the answer is compared as it is today.
 */
import { messages } from '../../shared/findings';
import { effectiveSeverity, type Diagnostic, type Severity, type SeverityOverrides } from '../pipeline';
import { isProviderId, providerLabel } from './providers';
import { verifyToolOf, type SourceTool } from './requests';
import { verdictsOf, type StoredVerdict, type VerifiedStore } from './store';

/** A tool's answers as the fronts show them. */
export interface VerifiedRow {
  provider: string;
  model: string;
  date: string;
  accepted: boolean;
  error?: string;
}

export function rowOf(v: StoredVerdict): VerifiedRow {
  return { provider: v.provider, model: v.model, date: v.date, accepted: v.accepted, ...(v.error !== undefined ? { error: v.error } : {}) };
}

/** Per tool (by `ToolReport.id`), the answers that hold for it. */
export function verifiedRows(tools: readonly SourceTool[], store: VerifiedStore): Map<string, VerifiedRow[]> {
  const out = new Map<string, VerifiedRow[]>();
  for (const tool of tools) {
    const rows = verdictsOf(store, tool).map(rowOf);
    if (rows.length) out.set(tool.id, rows);
  }
  return out;
}

/** The `verdict-drift` findings of these tools' stored answers. */
export function verdictDriftDiagnostics(
  tools: readonly (SourceTool & { nameRange?: Diagnostic['range'] })[],
  store: VerifiedStore,
  severities: SeverityOverrides = {},
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const tool of tools) {
    for (const answer of verdictsOf(store, tool)) {
      if (!isProviderId(answer.provider)) continue;
      const predicted = verifyToolOf(tool, answer.provider)?.predicted;
      if (!predicted) continue;
      const said = {
        label: providerLabel(answer.provider),
        model: answer.model,
        date: answer.date,
        ...(answer.error !== undefined ? { error: answer.error } : {}),
      };
      let message: string;
      let severity: Severity;
      if (!answer.accepted && predicted.length === 0) [message, severity] = [messages.refusedUnpredicted(tool.name, said), 'error'];
      else if (answer.accepted && predicted.length > 0) [message, severity] = [messages.acceptedDespite(tool.name, said, predicted), 'warning'];
      else continue;
      const effective = effectiveSeverity('verdict-drift', severity, severities);
      if (!effective) continue;
      out.push({
        file: tool.location.file,
        range: tool.nameRange ?? tool.location.range,
        severity: effective,
        code: 'verdict-drift',
        message,
        tool: tool.name,
        toolId: tool.id,
        path: [],
        related: [],
        targets: [answer.provider],
        origin: tool.kind,
      });
    }
  }
  return out;
}
