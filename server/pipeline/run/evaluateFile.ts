/**
 * One file's evaluation, with the runs that rescue it: once more in a fresh worker when a limit stopped it, again
 * with placeholders when a start stopped on unset credentials, and a factory that registered nothing called again
 * with arguments built from its types. Failures of the pool become findings on the file; cancellation propagates.
 */
import { EvaluationCancelled, WorkerMissing, type EvaluationRequest } from '../evaluate';
import type { EvaluatedFile } from '../evaluate/contract';
import type { FactorySpec } from '../discover/contract';
import { pathNeededBy, typedRetry, type TypedFactoryCache } from '../discover/factoryArguments';
import { placeholderEnv, withPlaceholders } from '../environment/placeholders';
import { refineStartFailure } from '../start/startFailure';
import { CancelledError, type RunContext } from './context';

export interface FileEvaluation {
  file: string;
  request: EvaluationRequest;
  /** The factories as discovered, and the specs sent (the same array unless typed arguments were known before). */
  discovered: readonly FactorySpec[];
  specs: readonly FactorySpec[];
  isEntry: boolean;
}

/** Evaluates one file in the pool, with its rescue runs; resolves to what is kept of it. */
export async function evaluateFile(ctx: RunContext, job: FileEvaluation, onTool?: EvaluationRequest['onTool'], onEnd?: () => void): Promise<EvaluatedFile> {
  const { file, request } = job;
  const run = (req: EvaluationRequest) => ctx.inFlight(() => ctx.evaluator().evaluate(req, ctx.token, ctx.cache));
  const startedAt = Date.now();
  const first = await ctx
    .inFlight(() =>
      ctx
        .evaluator()
        .evaluate(onTool ? { ...request, onTool } : request, ctx.token, ctx.cache)
        .finally(() => onEnd?.()),
    )
    .catch((err): EvaluatedFile => {
      if (err instanceof EvaluationCancelled) throw new CancelledError();
      // The tool's own install is broken: the whole analysis fails, loudly, rather than every file quietly.
      if (err instanceof WorkerMissing) throw err;
      return internalFailure(file, err);
    });
  // A file stopped at a limit runs once more, in a fresh worker (the pool ended the one that was stopped): a
  // busy moment or a cold cache must not decide its result. Still stopped, it is reported, saying so.
  let evaluated = first;
  if (stoppedAtLimit(first)) {
    const second = await run(request).catch(rethrowCancelled);
    if (second && !stoppedAtLimit(second)) evaluated = second;
    else if (second) {
      const better = second.tools.length >= first.tools.length ? second : first;
      evaluated = { ...better, failure: { ...better.failure!, retried: true } };
    }
  }
  // A start that failed on unset credentials runs again with placeholders for exactly those (placeholders.ts).
  const readSource = (f: string) => ctx.project.readText(f);
  if (ctx.options.placeholders !== false)
    evaluated = await withPlaceholders(evaluated, ctx.env, (placed) => run({ ...request, env: placed }).catch(rethrowCancelled), readSource);
  evaluated = refineStartFailure(evaluated, readSource);
  // A factory that registered nothing or threw with placeholders is called once more with arguments built from its types.
  const typedFactories = ctx.memory.typedFactories;
  const retry = job.specs === job.discovered ? typedRetry(ctx.project, file, job.specs, evaluated, typedFactories) : undefined;
  const placed = evaluated.placeholders ? { env: { ...ctx.env, ...placeholderEnv(evaluated.placeholders) } } : {};
  const again = retry && (await run({ ...request, factories: retry, ...placed }).catch(rethrowCancelled));
  const kept = again && again.tools.length > evaluated.tools.length ? again : evaluated;
  markPathsNeeded(kept, file, job.specs, typedFactories);
  ctx.memory.dependents.record(file, kept.inputs);
  if (job.isEntry) ctx.memory.entryRuns.keep(kept, startedAt, ctx.overlayTexts);
  return kept;
}

/** A rescue run that failed counts as no run; a cancelled one cancels the analysis. */
function rethrowCancelled(err: unknown): undefined {
  if (err instanceof EvaluationCancelled) throw new CancelledError();
  return undefined;
}

/** The pool failed (not the user's code): still a finding on that file rather than a lost analysis. */
function internalFailure(file: string, err: unknown): EvaluatedFile {
  const reason = `internal error of the evaluation pool: ${err instanceof Error ? err.message : String(err)}`;
  return { file, tools: [], failure: { phase: 'load', reason }, inputs: [file], timings: { bundle: 0, evaluate: 0, engine: 0 } };
}

/** Notes on each factory call that registered nothing which required path kept it from a call with built arguments. */
function markPathsNeeded(evaluated: EvaluatedFile, file: string, specs: readonly FactorySpec[], cache: TypedFactoryCache): void {
  for (const call of evaluated.factoryCalls ?? []) {
    if (call.typed || (call.outcome !== 'called' && call.outcome !== 'threw')) continue;
    const spec = specs.find((s) => s.name === call.name);
    const needed = spec && pathNeededBy(file, spec, cache);
    if (needed) call.pathNeeded = needed;
  }
}

/** Whether an evaluation was stopped by a limit (CPU time, no progress, memory) rather than by what the code did. */
function stoppedAtLimit(evaluated: EvaluatedFile): boolean {
  return evaluated.failure?.phase === 'timeout' || evaluated.failure?.phase === 'memory';
}
