/**
 * The evaluation stage's API: run a workspace file in a pooled worker, loaded in place by Node as the program
 * would start (the worker's loader/), under CPU-time and memory limits, and get back the file's tool schemas as
 * the engine judged them. Nothing here runs workspace code except through the pool.
 */
import os from 'node:os';
import path from 'node:path';
import type { CancellationLike, EngineOptions, EvaluatedFile, EvaluatedTool, EvaluationFailure } from './contract';
import type { FactorySpec } from '../discover/contract';
import { unsafePackageJson } from './host/boundedLoads';
import { entryAppendix } from './host/entryAppendix';
import { prepareEntry } from './host/preparedEntry';
import { transformSource } from './host/transformSource';
import { workerScript } from './host/workerScript';
import { EvaluationCancelled, WorkerPool, type PoolLimits } from './host/workerPool';
import { openResultCache, type ResultCache } from './host/resultCache';
import { SCRATCH_ENV } from './host/permissions';
import { EVALUATION_MARKER, FAULT_ENV } from './protocol';

export { EvaluationCancelled } from './host/workerPool';
export { WorkerMissing } from './host/workerScript';
export type { ResultCache } from './host/resultCache';

/**
 * The result cache for a workspace (host/resultCache.ts), tied to this build of the worker; undefined where none can be
 * kept. Entries written before `keptSince` are not used (the workers were restarted since).
 */
export async function openEvaluationCache(root: string, keptSince = 0): Promise<ResultCache | undefined> {
  const script = await workerScript().catch(() => undefined);
  return script ? openResultCache(root, [script, path.join(path.dirname(script), 'loaderHooks.mjs')], keptSince) : undefined;
}

export interface EvaluatorOptions {
  /** Per-evaluation time limit, ms (default 5000). */
  timeoutMs?: number;
  /** Per-worker memory cap, MB (default 512). */
  memoryMb?: number;
  /** Worker processes (default: one per core, at most 2). */
  workers?: number;
  /** Working directory of the workers (the workspace root). */
  cwd?: string;
  /** Let user code load native addons (their code runs outside the permission model). */
  allowAddons?: boolean;
  /** Recycle a worker after this many evaluations (default 200). */
  maxEvaluationsPerWorker?: number;
  /** A further worker starts only once every worker has been on one file this long (default 250 ms). */
  spareWorkerAfterMs?: number;
  /** A long-lived front: a worker near its recycle gets a warm successor (see the pool's standBy and replaceSoon). */
  keepWarm?: boolean;
  /** Path of the worker script (default: dist/worker.js next to the server, or built from source). */
  workerScript?: string;
}

export interface EvaluationRequest {
  /** Absolute path of the file to evaluate. */
  file: string;
  /** Unsaved text by absolute path; it wins over the disk for every file the bundle reads. */
  overlays?: ReadonlyMap<string, string>;
  /** Top-level declarations of `file` marked `@toolSchema`. */
  tagged?: string[];
  /** Top-level factories of `file` (discover/factories.ts), called if the module's start does not reach them. */
  factories?: FactorySpec[];
  /** Environment the user gave for evaluation; nothing is invented. */
  env?: Record<string, string>;
  /** Arguments after the script in `process.argv`. */
  argv?: string[];
  /** Modules to serve as stubs besides the platform ones. */
  stubs?: string[];
  /** A workspace entry point (its reached lines come back, for coverage). */
  entry?: boolean;
  options: EngineOptions;
  /**
   * Each tool as the worker judges it, before the evaluation ends (a whole server's entry runs for seconds). Not
   * sent to the worker, not part of what the result cache keys on; a result the cache answers streams nothing.
   */
  onTool?: (tool: EvaluatedTool) => void;
}

export interface Evaluator {
  /**
   * Rejects with EvaluationCancelled when the token was cancelled before the evaluation started. With a `cache`, a
   * kept result of the same request is returned without running anything, and a clean new one is kept.
   */
  evaluate(request: EvaluationRequest, token?: CancellationLike, cache?: ResultCache): Promise<EvaluatedFile>;
  /** New limits; a changed memory cap restarts the workers. */
  setLimits(limits: Partial<PoolLimits>): void;
  /** Kill and respawn the workers (node_modules changed, or the user asked); resolves once the old ones have exited. */
  restart(): Promise<void>;
  /** Start a worker now, ahead of the first evaluation (no user code runs until one is asked for). */
  warm(): void;
  /** Process ids of the live workers (tests, tracing). */
  pids(): number[];
  dispose(): Promise<void>;
}

/** Variables new in every run by design: the scratch folder's, and each worker's token. */
const NEW_EACH_RUN = new Set<string>([...SCRATCH_ENV, EVALUATION_MARKER]);

export function createEvaluator(options: EvaluatorOptions = {}): Evaluator {
  const script = options.workerScript;
  const pool = new WorkerPool({
    script: script ? () => Promise.resolve(script) : workerScript,
    size: Math.max(1, options.workers ?? Math.min(2, os.availableParallelism())),
    timeoutMs: options.timeoutMs ?? 5000,
    memoryMb: options.memoryMb ?? 512,
    cwd: options.cwd,
    allowAddons: options.allowAddons ?? false,
    maxEvaluations: options.maxEvaluationsPerWorker ?? 200,
    maxHeapFraction: 0.6,
    spareAfterMs: options.spareWorkerAfterMs ?? 250,
    keepWarm: options.keepWarm ?? false,
    transform: async ({ id, file, source, compilerOptions, format }) => ({
      type: 'transformed',
      id,
      ...(await transformSource(file, source, compilerOptions, format)),
    }),
  });

  async function evaluate(request: EvaluationRequest, token?: CancellationLike, cache?: ResultCache): Promise<EvaluatedFile> {
    if (token?.isCancellationRequested) throw new EvaluationCancelled();
    const file = path.resolve(request.file);
    const overlays = request.overlays ?? new Map<string, string>();
    // Everything the worker is told or runs under: the request, the limits, where it runs, whether addons load and
    // an injected fault. Unsaved text is not: it counts as the content of its file, in the evidence (host/resultCache.ts).
    const fault = process.env[FAULT_ENV];
    const key = cache
      ? cache.keyOf({
          ...request,
          overlays: undefined,
          onTool: undefined,
          file,
          limits: pool.limits(),
          cwd: options.cwd,
          allowAddons: options.allowAddons ?? false,
          ...(fault ? { fault } : {}),
        })
      : undefined;
    // What the worker starts with: the user's environment, then the request's; `*` is all of it. The scratch folder's
    // variables and the worker's token are new each run by design and count as the same.
    const environment = (name: string): string | undefined => {
      if (name === '*')
        return JSON.stringify(
          Object.entries({ ...process.env, ...request.env })
            .filter(([n]) => !NEW_EACH_RUN.has(n))
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        );
      return NEW_EACH_RUN.has(name) ? undefined : (request.env?.[name] ?? process.env[name]);
    };
    const kept = key ? cache!.lookup(key, environment, overlays) : undefined;
    if (kept) return kept;
    const startedAt = Date.now();
    pool.warm();
    const failed = (failure: EvaluationFailure): EvaluatedFile => ({
      file,
      tools: [],
      failure,
      inputs: [file],
      timings: { bundle: 0, evaluate: 0, engine: 0 },
    });
    // Node reads the package.json files above a module itself, with a blocking read: a FIFO there would hang it.
    const unsafe = unsafePackageJson(path.dirname(file));
    if (unsafe) return failed({ phase: 'bundle', reason: unsafe });
    const factories = request.factories ?? [];
    const appendix = entryAppendix(
      file,
      request.tagged ?? [],
      factories.map((f) => f.name),
    );
    const preparing = prepareEntry(file, appendix.source, overlays);
    const outcome = await pool.run(
      {
        file,
        appendix: appendix.source,
        tagged: appendix.tagged,
        sources: Object.fromEntries(overlays),
        engine: request.options,
        factories: factories.flatMap((f) => {
          const exportAs = f.exportName ?? appendix.factories.find((a) => a.name === f.name)?.alias;
          return exportAs ? [{ ...f, exportAs }] : [];
        }),
        ...(request.env ? { env: request.env } : {}),
        ...(request.argv?.length ? { argv: request.argv } : {}),
        ...(request.stubs?.length ? { stubs: request.stubs } : {}),
        ...(request.entry ? { entry: true } : {}),
      },
      token,
      preparing.current,
      request.onTool,
    );
    const result: EvaluatedFile = {
      file,
      tools: outcome.tools,
      ...(outcome.failure ? { failure: outcome.failure } : {}),
      ...(outcome.factoryCalls?.length ? { factoryCalls: outcome.factoryCalls } : {}),
      ...(outcome.reached ? { reached: outcome.reached } : {}),
      ...(outcome.stubbed?.length ? { stubbed: outcome.stubbed } : {}),
      ...(outcome.assets?.length ? { assets: outcome.assets } : {}),
      ...(outcome.refusals?.length ? { refusals: outcome.refusals } : {}),
      ...(outcome.internalErrors?.length ? { internalErrors: outcome.internalErrors } : {}),
      ...(outcome.stoppedWaiting ? { stoppedWaiting: outcome.stoppedWaiting } : {}),
      inputs: outcome.inputs ?? [file],
      timings: { bundle: 0, evaluate: outcome.evaluateMs, engine: outcome.engineMs, list: outcome.listMs ?? 0 },
    };
    // Kept only when nothing in it depends on more than its files and variables: no failure, internal error, unnamed
    // read or connection that went through (a refused one is refused again, the same way, and its finding kept).
    // Nor one whose start was cut off while it waited: how far it got depends on the machine.
    const clean = !result.failure && !result.internalErrors && !result.stoppedWaiting && !outcome.loopback && !(outcome.reads ?? []).includes('');
    const evidence = { inputs: result.inputs, reads: outcome.reads, loadedOnce: outcome.loadedOnce, envRead: outcome.envRead };
    if (key && clean) cache!.store(key, result, evidence, startedAt, environment, overlays);
    return result;
  }

  return {
    evaluate,
    setLimits: (limits) => pool.setLimits(limits),
    restart: () => pool.restart(),
    warm: () => pool.warm(),
    pids: () => pool.pids(),
    // The workers are gone (and whatever they started) when this resolves: a CLI exits only after it.
    dispose: () => pool.dispose(),
  };
}
