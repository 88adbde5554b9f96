/**
 * Programs that are not tool files: an MCP client example (it connects to a server and lists its tools), a script
 * that uses no tool library, an example importing a package the workspace does not install. Such a file is a
 * candidate (it mentions the SDK or zod), so it is run; when it fails to load, it has no tool schemas to lose, so its
 * failure is not an `evaluation-failed` warning: the fronts list these files once, in the summary. A file that
 * registers, builds a server, declares a schema discovery sees, imports a tool library's server or tool API, or is
 * an entry point keeps its finding.
 */
import type { AssembledFile } from '../assemble/assemble';
import type { AnalysedFile } from '../workspace/filesWithoutTools';
import type { DiscoveredFile } from '../discover/contract';

/** A program set aside, and the first line of why it did not load. */
export interface ProgramNotLoaded {
  file: string;
  reason: string;
}

/** Takes the load failures of programs that are not tool files out of `assembled`, and returns them. */
export function setAsidePrograms(
  assembled: readonly AssembledFile[],
  discovered: ReadonlyMap<string, DiscoveredFile>,
  info: ReadonlyMap<string, AnalysedFile>,
): ProgramNotLoaded[] {
  const programs: ProgramNotLoaded[] = [];
  for (const a of assembled) {
    const file = a.report.file;
    const failure = a.evaluated?.failure;
    const found = discovered.get(file);
    const known = info.get(file);
    if (!failure || !found || !known || failure.phase === 'untrusted' || failure.phase === 'realm' || failure.phase === 'list') continue;
    if (known.entry || known.buildsServer || found.toolApi !== false || found.sites.length > 0 || a.evaluated!.tools.length > 0) continue;
    const failed = (d: { code: string }) => d.code === 'evaluation-failed';
    a.diagnostics.splice(0, a.diagnostics.length, ...a.diagnostics.filter((d) => !failed(d)));
    a.report.diagnostics = a.report.diagnostics.filter((d) => !failed(d));
    programs.push({ file, reason: failure.reason.trim().split('\n')[0] ?? '' });
  }
  return programs;
}
