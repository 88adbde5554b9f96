/**
 * Code lens above each registered tool (and above its definition, when code in another file registers it):
 * `412 tokens · 2 problems · Show schema`, the whole lens clickable (it runs the client's Show Advertised Schema for
 * that tool). Tools registered at one place (a loop over a list, a registry handed to one call) share one lens,
 * `53 tools registered here · 47 problems · Show all`, whose command lets the user pick among them. A tool one file
 * defines for two libraries (a toolkit's MCP and OpenAI flavours) names the library on each of its lenses. Refreshed with
 * `workspace/codeLens/refresh` whenever results change; an open buffer edited since its last analysis is answered
 * once the analysis catches up, so a lens never jumps to a stale line.
 */
import type { CodeLens } from 'vscode-languageserver';
import type { Position, ProblemCounts, ToolReport } from '../pipeline';
import { SHOW_ADVERTISED_SCHEMA_COMMAND } from '../../protocol';
import { libraryLabelOf, NO_PROBLEMS, problemsText, sumProblems, tokensText, toolSpotsIn } from './toolFacts';

/** The lenses of one file. `uri` is the file's document URI, passed back to the command. */
export function codeLensesIn(tools: readonly ToolReport[], problems: ReadonlyMap<string, ProblemCounts>, file: string, uri: string): CodeLens[] {
  const spots = new Map<string, { start: Position; tools: ToolReport[] }>();
  for (const tool of tools) {
    // An exported schema alone is not sent to a model: no cost to show.
    if (tool.kind === 'exported') continue;
    for (const spot of toolSpotsIn(tool, file)) {
      const start = spot.range.start;
      const id = `${start.line}:${start.character}`;
      const at = spots.get(id) ?? { start, tools: [] };
      if (!at.tools.some((t) => t.id === tool.id)) at.tools.push(tool);
      spots.set(id, at);
    }
  }
  // A name with lenses at several spots here (one class, two flavours) would read twice the same: each says its library.
  const spotsOfName = new Map<string, number>();
  for (const { tools: here } of spots.values()) if (here.length === 1) spotsOfName.set(here[0].name, (spotsOfName.get(here[0].name) ?? 0) + 1);
  const lenses: CodeLens[] = [];
  for (const { start, tools: here } of spots.values()) {
    const counts = sumProblems(here.map((t) => problems.get(t.id) ?? NO_PROBLEMS));
    const library = here.length === 1 && (spotsOfName.get(here[0].name) ?? 0) > 1 ? libraryLabelOf(here[0]) : undefined;
    const title =
      here.length === 1
        ? `${tokensText(here[0])} · ${problemsText(counts)} · Show schema${library ? ` (${library})` : ''}`
        : `${here.length} tools registered here · ${problemsText(counts)} · Show all`;
    lenses.push({ range: { start, end: start }, command: { title, command: SHOW_ADVERTISED_SCHEMA_COMMAND, arguments: [{ uri, position: start }] } });
  }
  return lenses.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
