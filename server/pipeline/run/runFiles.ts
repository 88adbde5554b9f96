/**
 * Running the files of one analysis: the entries first, each a whole server's start; then the fallback, every other
 * file the entries' runs did not cover (its factories called, its `@toolSchema` exports read), and the modules
 * beyond the root that an entry loaded. Discovery (a parse in this thread) of the next file overlaps the bundling and
 * evaluation of the previous ones; a window keeps the workers busy without starting every bundle at once.
 */
import * as path from 'node:path';
import { factoriesOf } from '../discover/factories';
import { typedBefore } from '../discover/factoryArguments';
import type { DiscoveredFile } from '../discover/contract';
import type { EvaluatedFile, EvaluatedTool } from '../evaluate/contract';
import { admitted, isUnder } from '../plan/candidates';
import { sourceOf } from '../plan/entryPoints';
import { entryReach } from '../plan/entryReach';
import { coverageOf, type Coverage } from '../plan/coverage';
import { loadedBeyondRoot } from '../plan/beyondRoot';
import type { RunPlan } from '../plan/runPlan';
import { collectEarlyTools } from '../assemble/earlyTools';
import { assembleOne } from '../assemble/assembleRun';
import { checkWorkspace } from '../workspace';
import { checkCancelled, type RunContext } from './context';
import { evaluateFile } from './evaluateFile';
import type { RunLog } from './runLog';
import { yieldToEventLoop } from './scheduling';

/** Runs the plan's entries, in order. */
export async function runEntries(ctx: RunContext, plan: RunPlan, log: RunLog): Promise<void> {
  for (const file of plan.entries) {
    checkCancelled(ctx);
    await runFile(ctx, plan, log, file);
  }
}

/** What the entries' runs leave to the fallback: what they covered, and the files it runs. */
export interface AfterEntries {
  coverage: Coverage;
  /** The plan's other files, then (in a trusted workspace) the modules beyond the root an entry loaded. */
  fallback: string[];
}

/**
 * What the entries' runs covered (this analysis's and, for entries not run now, earlier ones'); in a trusted
 * workspace the modules outside the checked folder that an entry whose start registered nothing loaded join the
 * fallback (beyondRoot.ts).
 */
export async function afterEntries(ctx: RunContext, plan: RunPlan, log: RunLog): Promise<AfterEntries> {
  checkCancelled(ctx);
  const earlier = ctx.memory.entryRuns.current(
    [...plan.entryPoints].filter((e) => !log.evaluations.has(e)),
    ctx.overlayTexts,
  );
  const coverage = await coverageOf([...log.evaluations.values(), ...earlier.map((run) => Promise.resolve(run))]);
  if (!ctx.options.trusted) return { coverage, fallback: plan.rest };
  const runs = await Promise.all([...log.evaluations].filter(([file]) => plan.entryPoints.has(file)).map(([, run]) => run.catch(() => undefined)));
  const beyond = loadedBeyondRoot(
    runs.filter((run): run is EvaluatedFile => run !== undefined),
    ctx.options.root,
    new Set([...plan.entries, ...plan.rest]),
  );
  return { coverage, fallback: [...plan.rest, ...beyond] };
}

/** Runs the fallback's files, skipping what the entries' runs covered. */
export async function runFallback(ctx: RunContext, plan: RunPlan, log: RunLog, { coverage, fallback }: AfterEntries): Promise<void> {
  for (const file of fallback) {
    checkCancelled(ctx);
    await runFile(ctx, plan, log, file, coverage);
  }
}

/** Discovers one file, decides whether it is analysed and run, and starts its evaluation. */
async function runFile(ctx: RunContext, plan: RunPlan, log: RunLog, file: string, coverage?: Coverage): Promise<void> {
  const { options, project } = ctx;
  const found = ctx.discovery.discover(file);
  const isEntry = plan.entryPoints.has(file);
  if (!admit(ctx, plan, log, file, found, isEntry)) return;
  log.analysed.push(file);
  const factories = factoriesOf(project, file, options.root, options.entryPoints);
  log.info.set(file, {
    file,
    entry: isEntry,
    buildsServer: factories.buildsServer,
    factories: factories.specs.length,
    abstractBuilders: factories.abstractBuilders,
  });
  if (!options.trusted) return;
  const tagged = found.sites.filter((s) => s.kind === 'tagged' && s.name).map((s) => s.name!);
  const registers = found.sites.some((s) => s.kind === 'registration');
  if (coverage && !ctx.overlayTexts.has(file) && tagged.length === 0 && coverage.covers(file, factories.specs, registers)) {
    log.drop(file);
    return;
  }
  const specs = typedBefore(project, file, factories.specs, ctx.memory.typedFactories);
  const argv = plan.starts.has(file) ? options.argv : undefined;
  const request = {
    file,
    overlays: ctx.overlayTexts,
    tagged,
    factories: [...specs],
    env: ctx.env,
    argv,
    stubs: options.stubs,
    entry: isEntry,
    options: options.engine,
  };
  const streaming =
    ctx.early && ctx.overlayTexts.size > 0
      ? collectEarlyTools(
          (f) => ctx.overlayTexts.has(f),
          (tools) => handOnEarly(ctx, file, tools),
        )
      : undefined;
  log.track(
    file,
    evaluateFile(ctx, { file, request, discovered: factories.specs, specs, isEntry }, streaming?.onTool, streaming ? () => streaming.end() : undefined),
  );
  await yieldToEventLoop();
}

/**
 * Whether a discovered file is analysed: explicit files under the root still honour the globs (an open file in an
 * excluded folder stays quiet), files outside the root are analysed as asked, and a bin or script that is a CLI, an
 * installer or a migration is not run to look for tools it cannot have.
 */
function admit(ctx: RunContext, plan: RunPlan, log: RunLog, file: string, found: DiscoveredFile, isEntry: boolean): boolean {
  const { root } = ctx.options;
  if (!isEntry && (!found.candidate || (isUnder(root, file) && !admitted(root, file, ctx.filter)))) return false;
  if (!isEntry || found.candidate || plan.named.has(file)) return true;
  const reach = entryReach(
    file,
    (f) => ctx.project.readText(f),
    (f) => sourceOf(root, path.relative(root, f)),
  );
  if (!reach.reaches) log.notRun.push({ file, reason: 'no-tool-library' });
  return reach.reaches;
}

/** An open file's tools that a long run registers (a whole server's entry) are handed on as they are judged. */
function handOnEarly(ctx: RunContext, origin: string, tools: readonly EvaluatedTool[]): void {
  if (!ctx.early || ctx.token?.isCancellationRequested) return;
  const partial: EvaluatedFile = { file: origin, tools: [...tools], inputs: [origin], timings: { bundle: 0, evaluate: 0, engine: 0 } };
  const { reports, diagnosticsByFile } = checkWorkspace([assembleOne(ctx, origin, partial)], ctx.options.severities, ctx.options.clients);
  ctx.early(origin, { files: reports, diagnosticsByFile });
}
