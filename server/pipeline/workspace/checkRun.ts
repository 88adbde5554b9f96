/**
 * The workspace stage of one analysis: each tool kept once, programs that are not tool files set aside, files that
 * should have yielded tools and did not saying so, then the checks across files (checkWorkspace).
 */
import { factoriesOf } from '../discover/factories';
import type { AssembledFile } from '../assemble/assemble';
import { setAsidePrograms } from '../plan/programs';
import type { RunContext } from '../run/context';
import type { RunLog } from '../run/runLog';
import type { AnalysisResult } from '../run/contract';
import { checkWorkspace, type CheckedWorkspace } from './index';
import { keepEachToolOnce } from './eachToolOnce';
import { noToolsFindings } from './filesWithoutTools';

export interface CheckedRun extends CheckedWorkspace {
  programsNotLoaded: NonNullable<AnalysisResult['programsNotLoaded']>;
}

/** Checks the assembled files as one workspace; adds the no-tools findings to the files they are on. */
export function checkRun(ctx: RunContext, log: RunLog, assembled: AssembledFile[]): CheckedRun {
  const { options, project } = ctx;
  keepEachToolOnce(assembled);
  // A client example or a script that failed to load had no tool schemas to lose: listed once, not a warning each.
  const programsNotLoaded = options.trusted ? setAsidePrograms(assembled, ctx.discovery.files, log.info) : [];
  // A file that should have yielded tools and did not says so (it is one of the assembled files).
  if (options.trusted) {
    const buildsServer = (file: string) => log.info.get(file)?.buildsServer ?? factoriesOf(project, file, options.root).buildsServer;
    for (const d of noToolsFindings(assembled, log.info, ctx.locator, options.severities, buildsServer))
      assembled.find((a) => a.report.file === d.file)?.diagnostics.push(d);
  }
  return { ...checkWorkspace(assembled, options.severities, options.clients), programsNotLoaded };
}
