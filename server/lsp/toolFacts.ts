/**
 * The few facts about a tool that every view words the same way (code lens, outline, Tools view, hover header):
 * its tokens, its problems, the library that registered it and the dialect of its schema.
 */
import { libraryNames, type Range, type ToolReport } from '../pipeline';
import type { ProblemCounts } from '../pipeline';

export const NO_PROBLEMS: ProblemCounts = { errors: 0, warnings: 0, infos: 0 };

export function problemTotal(p: ProblemCounts): number {
  return p.errors + p.warnings + p.infos;
}

/** The problems of several tools together. */
export function sumProblems(all: readonly ProblemCounts[]): ProblemCounts {
  return all.reduce((a, p) => ({ errors: a.errors + p.errors, warnings: a.warnings + p.warnings, infos: a.infos + p.infos }), NO_PROBLEMS);
}

/** `412 tokens`. */
export function tokensText(tool: ToolReport): string {
  const n = tool.tokens.total;
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'token' : 'tokens'}`;
}

/** `2 problems`, `no problems`. */
export function problemsText(p: ProblemCounts): string {
  const n = problemTotal(p);
  return n === 0 ? 'no problems' : `${n} ${n === 1 ? 'problem' : 'problems'}`;
}

/** The library a registration was made with; an exported or tagged schema has none. */
export function libraryLabelOf(tool: ToolReport): string | undefined {
  return tool.sdk ? libraryNames(tool.sdk).display : undefined;
}

/** `draft-07`, `2020-12`, from the schema's own `$schema`. */
export function dialectOf(schema: unknown): string | undefined {
  const uri = schema && typeof schema === 'object' ? (schema as { $schema?: unknown }).$schema : undefined;
  if (typeof uri !== 'string') return undefined;
  const m = /draft[-/](\d{4}-\d{2}|\d{2})/.exec(uri);
  return m ? (m[1].includes('-') ? m[1] : `draft-${m[1]}`) : uri;
}

/** A place in a file that stands for a tool: the whole spot and its name. */
export interface ToolSpot {
  range: Range;
  nameRange?: Range;
}

/**
 * Where a tool stands in `file`: its registration, and where it was written when a helper in another file registers
 * it (a schema const beside its own registration is not a second place for the tool: one lens, one symbol).
 */
export function toolSpotsIn(tool: ToolReport, file: string): ToolSpot[] {
  const spots: ToolSpot[] = [];
  if (tool.location.file === file) spots.push({ range: tool.location.range, nameRange: tool.nameRange });
  else if (tool.definedAt?.file === file) spots.push({ range: tool.definedAt.range, nameRange: tool.definedAt.nameRanges[0] });
  return spots;
}
