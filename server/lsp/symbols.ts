/**
 * Outline and search: each tool of a file as a document symbol (Outline view, breadcrumbs; detail: tokens and
 * problems), and every tool of the workspace as a workspace symbol (Ctrl+T finds a tool by name).
 */
import { SymbolKind, type DocumentSymbol, type SymbolInformation } from 'vscode-languageserver';
import type { Range, ToolReport } from '../pipeline';
import type { ProblemCounts } from '../pipeline';
import { NO_PROBLEMS, problemsText, tokensText, toolSpotsIn } from './toolFacts';

function kindOf(tool: ToolReport): SymbolKind {
  return tool.kind === 'exported' ? SymbolKind.Variable : SymbolKind.Function;
}

function detailOf(tool: ToolReport, problems: ReadonlyMap<string, ProblemCounts>): string {
  return `${tokensText(tool)} · ${problemsText(problems.get(tool.id) ?? NO_PROBLEMS)}`;
}

function inside(inner: Range, outer: Range): boolean {
  const before = (a: Range['start'], b: Range['start']) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(outer.start, inner.start) && before(inner.end, outer.end);
}

/** The tools registered, declared or written in `file`, in source order. */
export function documentSymbols(tools: readonly ToolReport[], problems: ReadonlyMap<string, ProblemCounts>, file: string): DocumentSymbol[] {
  const seen = new Set<string>();
  return tools
    .flatMap((t) => toolSpotsIn(t, file).map((spot) => ({ t, spot })))
    .sort((a, b) => a.spot.range.start.line - b.spot.range.start.line || a.spot.range.start.character - b.spot.range.start.character)
    .filter(({ t, spot }) => {
      const id = `${t.name}\0${t.kind}\0${spot.range.start.line}:${spot.range.start.character}`;
      return !seen.has(id) && seen.add(id);
    })
    .map(({ t, spot }) => ({
      name: t.name,
      detail: detailOf(t, problems),
      kind: kindOf(t),
      range: spot.range,
      // The protocol requires the selection inside the range; a name placed elsewhere falls back to the start.
      selectionRange: spot.nameRange && inside(spot.nameRange, spot.range) ? spot.nameRange : { start: spot.range.start, end: spot.range.start },
    }));
}

/** Tools whose name matches `query` (case-insensitive, its characters in order, as editors match symbols). */
export function workspaceSymbols(tools: readonly ToolReport[], query: string, uriOf: (file: string) => string, limit = 500): SymbolInformation[] {
  const q = query.toLowerCase();
  const matches = (name: string) => {
    let i = 0;
    for (const c of name.toLowerCase()) if (c === q[i]) i++;
    return i === q.length;
  };
  const seen = new Set<string>();
  const out: SymbolInformation[] = [];
  for (const t of tools) {
    if (!matches(t.name)) continue;
    const id = `${t.name}\0${t.location.file}\0${t.location.range.start.line}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({
      name: t.name,
      kind: kindOf(t),
      // Where the tool was written, when a helper elsewhere registers it: that is the file the user wants to open.
      location:
        t.definedAt && t.definedAt.file !== t.location.file
          ? { uri: uriOf(t.definedAt.file), range: t.definedAt.nameRanges[0] ?? t.definedAt.range }
          : { uri: uriOf(t.location.file), range: t.nameRange ?? t.location.range },
      containerName: t.kind === 'exported' ? 'exported schema' : `tool · ${tokensText(t)}`,
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
}
