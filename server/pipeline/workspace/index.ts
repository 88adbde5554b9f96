/**
 * The checks that need every tool at once, each in its own file, behind two doors:
 *
 * - `checkWorkspace`, run by the pipeline once every analysed file is assembled (duplicate names per server, the
 *   client rules on tools per server, registrations preferred over exported schemas, unused exports);
 * - `checkToolSets`, run by both fronts over merged results (the per-server token budget, a workspace that depends on
 *   a tool library and yielded no tool), so the CLI and the editor say the same thing and only print it.
 */
import path from 'node:path';
import type { AssembledFile } from '../assemble/assemble';
import type { SeverityOverrides } from '../findings/severities';
import { serverTokens, toolSets, type ServerTokens } from '../tokens';
import type { AnalysisResult, TokenBudget } from '../run/contract';
import type { Diagnostic, FileReport, ToolReport } from '../assemble/report';
import { duplicateTools, withoutEngineDuplicates } from './duplicateNames';
import { preferRegistrations } from './registrationsFirst';
import { serverOverBudget } from './serverBudget';
import { serverLimits } from './toolsPerServer';
import { withoutUnusedExports } from './unusedExports';
import { workspaceWithoutTools } from './workspaceWithoutTools';

export { diagnosticKey } from './diagnosticKey';
export { keepEachToolOnce } from './eachToolOnce';
export { noToolsFindings, type AnalysedFile } from './filesWithoutTools';
export { preferRegistrations } from './registrationsFirst';
export { serverOverBudget } from './serverBudget';
export { withoutUnusedExports } from './unusedExports';
export { workspaceWithoutTools } from './workspaceWithoutTools';

/** The reports of a whole analysis, after the checks that need every file at once. */
export interface CheckedWorkspace {
  /** One per assembled file, in order: new objects, the assembled ones are left as they were. */
  reports: FileReport[];
  /** Every diagnostic once, by the file it lies in. */
  diagnosticsByFile: Map<string, Diagnostic[]>;
}

/**
 * Runs the workspace-level checks over every assembled file and returns new reports: each file's diagnostics
 * (registrations preferred, duplicate names counted workspace-wide) and its tools (a tool whose name is
 * registered at more than one place is not mountable).
 */
export function checkWorkspace(assembled: readonly AssembledFile[], severities: SeverityOverrides, clients?: readonly string[]): CheckedWorkspace {
  const { diagnostics: duplicates, names } = duplicateTools(assembled, severities);
  const limits = serverLimits(assembled, clients, severities);
  const registered = assembled.some((a) => a.places.some((p) => p.tool.kind === 'registration'));
  const all = withoutEngineDuplicates(withoutUnusedExports(preferRegistrations(assembled.flatMap((a) => a.diagnostics)), registered), names);
  const diagnosticsByFile = new Map<string, Diagnostic[]>();
  for (const d of [...all, ...duplicates, ...limits.diagnostics]) {
    let list = diagnosticsByFile.get(d.file);
    if (!list) diagnosticsByFile.set(d.file, (list = []));
    list.push(d);
  }
  const reports = assembled.map(({ report }): FileReport => ({
    ...report,
    tools: withoutUnusedExports(report.tools, registered).map((t) =>
      limits.withVerdicts(t.kind === 'registration' && names.has(t.name) ? { ...t, mountable: false } : t),
    ),
    diagnostics: diagnosticsByFile.get(report.file) ?? [],
  }));
  return { reports, diagnosticsByFile };
}

/** A checked folder's tools, merged from however many analyses, with what the whole-folder checks need. */
export interface MergedFolder {
  /** The checked folder: names the only tool set when nothing better does, and finds the package.json. */
  root: string;
  tools: readonly ToolReport[];
  budget?: TokenBudget;
  severities: SeverityOverrides;
  /** The folder's finished analysis and the files it checked; absent while an editor's first analysis runs. */
  analysed?: { result: AnalysisResult; filesChecked: number };
}

/** What the fronts print for a folder: its whole-folder findings, and each tool set's cost when it has several. */
export interface CheckedFolder {
  diagnostics: Diagnostic[];
  /** One row per tool set (server) when there are several; empty for one. */
  servers: Array<{ label: string } & ServerTokens>;
}

/** The checks over a folder's merged tools: the per-server budget (per tool set) and a folder without any tool. */
export function checkToolSets(folder: MergedFolder): CheckedFolder {
  // What one host is sent together: each server's tools (or one file's tool set), never the folder's sum.
  const sets = toolSets(folder.tools, path.basename(folder.root));
  const diagnostics = sets.flatMap((set) => serverOverBudget(set.label, set.tools, folder.budget, folder.severities));
  const silent = folder.analysed && workspaceWithoutTools(folder.root, folder.analysed.result, folder.analysed.filesChecked);
  if (silent) diagnostics.push(silent);
  return { diagnostics, servers: sets.length > 1 ? sets.map((set) => ({ label: set.label, ...serverTokens(set.tools) })) : [] };
}
