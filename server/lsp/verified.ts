/**
 * What the providers answered `tool-schema-lens verify`, in the editor: the workspace folder's
 * toolschemalens.verified.json, read again only when it changed on disk, each answer shown in the tool's hover while
 * the tool's digest is the one that was sent, and a disagreement with the profile added to the hover's findings.
 */
import type { Diagnostic, SeverityOverrides, ToolReport } from '../pipeline';
import { providerLabel } from '../verify';
import { StoreReader } from '../verify';
import { verdictDriftDiagnostics, verifiedRows, type VerifiedRow } from '../verify';

export class VerifiedAnswers {
  private readonly reader: StoreReader;

  constructor(root: string, log: (message: string) => void) {
    this.reader = new StoreReader(root, log);
  }

  /** The answers that hold for a tool (asked for the tool under the cursor only: its digest is computed here). */
  readonly rowsFor = (tool: ToolReport): VerifiedRow[] => {
    const store = this.reader.read();
    return store.verdicts.length ? (verifiedRows([tool], store).get(tool.id) ?? []) : [];
  };

  /** The verdict-drift findings of the tools registered in `file`. */
  driftIn(tools: readonly ToolReport[], file: string, severities: SeverityOverrides): Diagnostic[] {
    const store = this.reader.read();
    if (!store.verdicts.length) return [];
    return verdictDriftDiagnostics(
      tools.filter((t) => t.location.file === file),
      store,
      severities,
    );
  }
}

/** `✗ refused by OpenAI (strict): verified 2026-12-07, gpt-4.1-mini`, and the provider's words for a refusal. */
export function verifiedRowText(row: VerifiedRow): string {
  const said = row.accepted ? '' : `: “${row.error ?? 'no message'}”`;
  return `${row.accepted ? '✓ accepted' : '✗ refused'} by ${providerLabel(row.provider)}: verified ${row.date}, ${row.model}${said}`;
}
