/** LIST_TOOLS_REQUEST: every tool the server knows, or the one at (or nearest above) a position. */
import type { ToolReport } from '../pipeline/types';
import { contains } from './hover';
import type { ListToolsParams, ListToolsResult, ToolSummary } from './protocol';
import { uriToPath } from './uris';

export function listTools(tools: ToolReport[], params: ListToolsParams | undefined, uriOf: (file: string) => string): ListToolsResult {
  const summary = (t: ToolReport): ToolSummary => ({
    name: t.name,
    uri: uriOf(t.location.file),
    range: t.location.range,
    kind: t.kind,
    mountable: t.mountable,
    advertised: t.advertised,
  });
  const sorted = [...tools].sort(
    (a, b) => a.location.file.localeCompare(b.location.file) || a.location.range.start.line - b.location.range.start.line,
  );
  if (!params?.uri || !params.position) return sorted.map(summary);
  const file = uriToPath(params.uri);
  const pos = params.position;
  const inFile = sorted.filter((t) => t.location.file === file);
  const containing = inFile.filter((t) => contains(t.location.range, pos));
  if (containing.length) return [summary(containing[containing.length - 1])];
  const above = inFile.filter((t) => t.location.range.start.line <= pos.line);
  return above.length ? [summary(above[above.length - 1])] : [];
}
