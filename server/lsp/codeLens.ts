/**
 * Code lens above each registered tool (and above its definition, when a helper in another file registers it): `412 tokens · 2 problems · Show schema`, the whole lens clickable (it runs
 * the client's Show Advertised Schema for that tool). Refreshed with `workspace/codeLens/refresh` whenever results
 * change; an open buffer edited since its last analysis is answered once the analysis catches up, so a lens never
 * jumps to a stale line.
 */
import type { CodeLens } from 'vscode-languageserver';
import type { ToolReport } from '../pipeline';
import { SHOW_ADVERTISED_SCHEMA_COMMAND } from '../../protocol';
import type { ProblemCounts } from '../pipeline';
import { NO_PROBLEMS, problemsText, tokensText, toolSpotsIn } from './toolFacts';

/** The lenses of one file. `uri` is the file's document URI, passed back to the command. */
export function codeLensesIn(tools: readonly ToolReport[], problems: ReadonlyMap<string, ProblemCounts>, file: string, uri: string): CodeLens[] {
  const seen = new Set<string>();
  const lenses: CodeLens[] = [];
  for (const tool of tools) {
    // An exported schema alone is not sent to a model: no cost to show.
    if (tool.kind === 'exported') continue;
    for (const spot of toolSpotsIn(tool, file)) {
      const start = spot.range.start;
      const id = `${tool.name}\0${start.line}:${start.character}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const title = `${tokensText(tool)} · ${problemsText(problems.get(tool.id) ?? NO_PROBLEMS)} · Show schema`;
      lenses.push({
        range: { start, end: start },
        command: { title, command: SHOW_ADVERTISED_SCHEMA_COMMAND, arguments: [{ uri, position: start }] },
      });
    }
  }
  return lenses.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
