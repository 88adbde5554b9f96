/**
 * ListToolsRequest: every tool the server knows, or the tools at a position. At a position: the registration,
 * declaration or definition containing it (every tool a loop or a registry registers there); else whatever starts nearest above it in the file, a registration or a key that tools
 * declare there (a variant object in a schema file, imported by the tools that use it).
 */
import { contains, foundWithNote, type Position, type ProblemCounts, type Range, type ToolReport } from '../pipeline';
import type { ListToolsParams, ListToolsResult, ServerSummary, ToolDriftSummary, ToolSummary } from '../../protocol';
import { dialectOf, libraryLabelOf, NO_PROBLEMS, toolSpotsIn } from './toolFacts';
import { DEFINITION_HEADING, FLATTENED_HEADING, shippedHeader } from './shippedHeader';
import { uriToPath } from './uris';

/** What listTools needs beside the tools: their problems and the server they form. */
export interface ListContext {
  problems: ReadonlyMap<string, ProblemCounts>;
  server: ServerSummary;
  /** Each tool's drift from the configured snapshot, where it has one. */
  drift?: ReadonlyMap<ToolReport, ToolDriftSummary>;
}

/** A place in one file that stands for some tools: their registration, or a key their schemas declare. */
interface Anchor {
  start: Position;
  tools: ToolReport[];
}

export function listTools(
  tools: readonly ToolReport[],
  params: ListToolsParams | undefined,
  uriOf: (file: string) => string,
  context: ListContext,
): ListToolsResult {
  const one = params?.uri !== undefined && params.position !== undefined;
  const summary = (t: ToolReport): ToolSummary => {
    const library = libraryLabelOf(t);
    const dialect = dialectOf(t.advertised);
    const foundWith = foundWithNote(t);
    return {
      name: t.name,
      uri: uriOf(t.location.file),
      range: t.location.range,
      kind: t.kind,
      mountable: t.mountable,
      advertised: t.advertised,
      source: shippedHeader(t),
      ...(t.flattened ? { flattened: { heading: FLATTENED_HEADING, advertised: t.flattened.advertised } } : {}),
      ...(t.shipped?.definition ? { definition: { heading: DEFINITION_HEADING, value: t.shipped.definition } } : {}),
      ...(t.description ? { description: t.description } : {}),
      tokens: t.tokens,
      problems: context.problems.get(t.id) ?? NO_PROBLEMS,
      ...refusals(t),
      ...(library ? { library } : {}),
      ...(dialect ? { dialect } : {}),
      server: context.server,
      ...(one && t.compare ? { compare: t.compare } : {}),
      ...(context.drift?.get(t) ? { drift: context.drift.get(t) } : {}),
      ...(foundWith ? { foundWith } : {}),
    };
  };
  const sorted = [...tools].sort((a, b) => a.location.file.localeCompare(b.location.file) || a.location.range.start.line - b.location.range.start.line);
  if (!params?.uri || !params.position) return sorted.map(summary);
  const file = uriToPath(params.uri);
  if (!file) return [];
  const pos = params.position;
  const containing = sorted.flatMap((t) =>
    toolSpotsIn(t, file)
      .filter((spot) => contains(spot.range, pos))
      .map((spot) => ({ t, spot })),
  );
  if (containing.length) {
    // The innermost spot; several tools there are one registration made for each (a loop, a registry): all of them.
    const inner = containing.reduce((a, b) => (within(b.spot.range, a.spot.range) ? b : a));
    return rankRegisteredFirst(containing.filter((c) => sameRange(c.spot.range, inner.spot.range)).map((c) => c.t)).map(summary);
  }
  const above = anchorsIn(sorted, file).filter((a) => !after(a.start, pos));
  // The client opens the first: a registered tool (what the model is sent) before an exported schema.
  return above.length ? rankRegisteredFirst(above[above.length - 1].tools).map(summary) : [];
}

/** The file's anchors in source order; tools declaring the same key spot share one anchor. */
function anchorsIn(tools: ToolReport[], file: string): Anchor[] {
  const byStart = new Map<string, Anchor>();
  const add = (start: Position, tool: ToolReport) => {
    const id = `${start.line}:${start.character}`;
    const anchor = byStart.get(id) ?? { start, tools: [] };
    if (!anchor.tools.includes(tool)) anchor.tools.push(tool);
    byStart.set(id, anchor);
  };
  for (const tool of tools) {
    for (const spot of toolSpotsIn(tool, file)) add(spot.range.start, tool);
    for (const key of tool.keys) for (const at of key.declarations) if (at && at.file === file) add(at.range.start, tool);
  }
  return [...byStart.values()].sort((a, b) => a.start.line - b.start.line || a.start.character - b.start.character);
}

function sameRange(a: Range, b: Range): boolean {
  return !after(a.start, b.start) && !after(b.start, a.start) && !after(a.end, b.end) && !after(b.end, a.end);
}

/** `a` lies inside `b` (and is not `b`). */
function within(a: Range, b: Range): boolean {
  return !sameRange(a, b) && !after(b.start, a.start) && !after(a.end, b.end);
}

function after(a: Position, b: Position): boolean {
  return a.line > b.line || (a.line === b.line && a.character > b.character);
}

function rankRegisteredFirst(tools: ToolReport[]): ToolReport[] {
  const rank = (t: ToolReport) => (t.kind === 'exported' ? 1 : 0);
  return [...tools].sort((a, b) => rank(a) - rank(b));
}

/** The targets whose rules the tool breaks, by label (the hover's ✗ rows), when there are any. */
function refusals(t: ToolReport): { refusedBy?: string[] } {
  const refusedBy = (t.verdicts ?? []).filter((v) => v.broken.length > 0).map((v) => v.label);
  return refusedBy.length > 0 ? { refusedBy } : {};
}
