/**
 * What `check` found, gathered from one or more pipeline runs, in the order every format prints it:
 * by file (relative path), then by position. Paths are printed relative to the working directory with `/`.
 */
import * as path from 'node:path';
import { mergeAnalyses, type AnalysisResult, type Diagnostic, type Location, type ToolReport } from '../pipeline';

export interface CheckedTool {
  name: string;
  kind: ToolReport['kind'];
  location: Location;
  advertised: unknown;
  mountable: boolean;
  /** Per target judged: the profile rules broken there. */
  verdicts?: ToolReport['verdicts'];
}

export interface CheckReport {
  cwd: string;
  tools: CheckedTool[];
  diagnostics: Diagnostic[];
  /** Files that were analysed (candidates), whether or not they held tools. */
  fileCount: number;
}

/** Merge pipeline results into one report, dropping duplicates (the same diagnostic reached from two roots, or through an exported schema). */
export function collectReport(cwd: string, results: Array<{ result: AnalysisResult; fileCount: number }>): CheckReport {
  const merged = mergeAnalyses(results.map(({ result }) => result));
  const fileCount = results.reduce((n, r) => n + r.fileCount, 0);
  const tools = merged.tools.map(toolOf);
  const { diagnostics } = merged;
  tools.sort((a, b) => compareLocations(cwd, a.location, b.location) || a.name.localeCompare(b.name));
  diagnostics.sort((a, b) => compareLocations(cwd, { file: a.file, range: a.range }, { file: b.file, range: b.range }) || a.code.localeCompare(b.code));
  return { cwd, tools, diagnostics, fileCount };
}

function toolOf(t: ToolReport): CheckedTool {
  return { name: t.name, kind: t.kind, location: t.location, advertised: t.advertised, mountable: t.mountable, ...(t.verdicts ? { verdicts: t.verdicts } : {}) };
}

/** A file path as printed: relative to the working directory, `/`-separated. */
export function displayPath(cwd: string, file: string): string {
  const rel = path.relative(cwd, file) || path.basename(file);
  return rel.split(path.sep).join('/');
}

function compareLocations(cwd: string, a: Location, b: Location): number {
  const fa = displayPath(cwd, a.file);
  const fb = displayPath(cwd, b.file);
  if (fa !== fb) return fa < fb ? -1 : 1;
  return a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;
}

export function hasErrors(report: CheckReport): boolean {
  return report.diagnostics.some((d) => d.severity === 'error');
}
