/** The publish stage of one analysis: the result the fronts read, with what the run could not do said as data. */
import { saveKeptCounts } from '../tokens';
import type { AssembledFile } from '../assemble/assemble';
import { unreadableEnvPaths } from '../environment/envPaths';
import type { RunPlan } from '../plan/runPlan';
import type { RunContext } from '../run/context';
import type { RunLog } from '../run/runLog';
import type { AnalysisResult } from '../run/contract';
import type { CheckedRun } from '../workspace/checkRun';

/** The analysis's result: files with tools or findings, and each thing the run skipped, stubbed or could not read. */
export function analysisResult(ctx: RunContext, plan: RunPlan, log: RunLog, assembled: readonly AssembledFile[], checked: CheckedRun): AnalysisResult {
  const { options, project, cache } = ctx;
  const skipped = [...project.skipped].map(([file, reason]) => ({ file, reason }));
  const typedCalls = assembled.flatMap((a) => (a.evaluated?.factoryCalls ?? []).filter((c) => c.typed).map((c) => ({ file: a.report.file, factory: c.name })));
  const stubbed = [...new Set(assembled.flatMap((a) => a.evaluated?.stubbed ?? []))].sort();
  const internalErrors = assembled.flatMap((a) => (a.evaluated?.internalErrors ?? []).map((message) => ({ file: a.report.file, message })));
  const unreadableEnv = options.trusted ? unreadableEnvPaths(options.root, ctx.env) : [];
  const ranEntries = [...log.evaluations.keys()].some((f) => plan.entryPoints.has(f));
  const argvUnused = Boolean(options.argv?.length) && ranEntries && ![...plan.starts].some((f) => log.evaluations.has(f));
  const { programsNotLoaded } = checked;
  saveKeptCounts();
  return {
    files: checked.reports.filter((r) => r.tools.length > 0 || r.diagnostics.length > 0),
    diagnosticsByFile: checked.diagnosticsByFile,
    ...(skipped.length ? { skipped } : {}),
    ...(typedCalls.length ? { typedCalls } : {}),
    ...(stubbed.length ? { stubbed } : {}),
    ...(log.notRun.length ? { notRun: log.notRun } : {}),
    ...(programsNotLoaded.length ? { programsNotLoaded } : {}),
    ...(argvUnused ? { argvUnused: true } : {}),
    ...(unreadableEnv.length ? { unreadableEnv } : {}),
    ...(project.configProblem ? { configProblem: project.configProblem } : {}),
    ...(internalErrors.length ? { internalErrors } : {}),
    ...(cache?.hits ? { cache: { dir: cache.dir, hits: cache.hits } } : {}),
  };
}
