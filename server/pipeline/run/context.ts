/**
 * What the stages of one analysis share, as data: the options and project as they were when it began, its
 * cancellation and early hand-off, the environment a start gets, the workers, and what outlives the analysis (the
 * pipeline's memory of earlier runs). Built once by `openRun`; no stage captures another's variables.
 */
import * as path from 'node:path';
import type { WorkspaceProject } from '../project/project';
import type { FileFilter } from '../plan/candidates';
import type { DependentsIndex } from '../project/dependents';
import type { EntryRuns } from '../plan/entryRuns';
import type { TypedFactoryCache } from '../discover/factoryArguments';
import { openEvaluationCache, type Evaluator, type ResultCache } from '../evaluate';
import type { CancellationLike } from '../evaluate/contract';
import { evaluationEnv } from '../environment/envFile';
import { keepCountsIn } from '../tokens';
import { createLocator } from '../locate/locator';
import type { Locator } from '../assemble/assemble';
import { Discovery } from './discovery';
import { EVALUATION_WINDOW, limitConcurrency, type Limiter } from './scheduling';
import type { EarlyResults, Overlay, PipelineOptions } from './contract';

export class CancelledError extends Error {
  constructor() {
    super('analysis cancelled');
    this.name = 'CancelledError';
  }
}

/** What the pipeline keeps from one analysis to the next (the language server's later batches). */
export interface PipelineMemory {
  dependents: DependentsIndex;
  /** What the entries' runs covered. */
  entryRuns: EntryRuns;
  typedFactories: TypedFactoryCache;
  /** When the workers were last restarted: the result cache answers only with what was kept since. */
  restartedAt: number;
}

export interface RunContext {
  readonly options: PipelineOptions;
  readonly project: WorkspaceProject;
  /** The include and exclude globs, compiled. */
  readonly filter: FileFilter;
  readonly memory: PipelineMemory;
  /** The workers, started on first use. */
  readonly evaluator: () => Evaluator;
  readonly cache?: ResultCache;
  /** What every start gets in `process.env` (trusted workspaces only). */
  readonly env: Record<string, string>;
  readonly overlays?: ReadonlyMap<string, Overlay>;
  /** Unsaved text by absolute path. */
  readonly overlayTexts: ReadonlyMap<string, string>;
  readonly discovery: Discovery;
  readonly locator: Locator;
  /** At most a window of files bundled or evaluated at once. */
  readonly inFlight: Limiter;
  readonly token?: CancellationLike;
  /** Where tools judged in open files go before their run ends; absent, nothing is handed on early. */
  readonly early?: EarlyResults;
}

/** Throws `CancelledError` when the analysis was cancelled: every stage calls it between units of work. */
export function checkCancelled(ctx: Pick<RunContext, 'token'>): void {
  if (ctx.token?.isCancellationRequested) throw new CancelledError();
}

/** Opens one analysis: its environment, result cache, discovery and locator, over the project as it is now. */
export async function openRun(
  base: Pick<RunContext, 'options' | 'project' | 'filter' | 'memory' | 'evaluator'>,
  overlays: ReadonlyMap<string, Overlay> | undefined,
  token: CancellationLike | undefined,
  early: EarlyResults | undefined,
): Promise<RunContext> {
  const { options, project } = base;
  const env = options.trusted ? evaluationEnv(options.root, options.envFile, options.env) : {};
  const cache = options.trusted && options.cache ? await openEvaluationCache(options.root, base.memory.restartedAt) : undefined;
  if (cache && options.keepTokenCounts) keepCountsIn(cache.dir);
  project.setOverlays(overlays);
  const overlayTexts = new Map<string, string>();
  for (const [file, overlay] of overlays ?? []) overlayTexts.set(path.resolve(file), overlay.text);
  // Where each tool was written is placed only in open buffers: it serves the editor there, and placing it for
  // every tool of a whole-server entry on each of its runs costs memory the CLI and unopened files never use.
  const locator = createLocator(project, (file) => options.placeDefinitions === 'all' || overlayTexts.has(path.resolve(file)));
  return {
    ...base,
    cache,
    env,
    overlays,
    overlayTexts,
    discovery: new Discovery(project),
    locator,
    inFlight: limitConcurrency(EVALUATION_WINDOW),
    token,
    early,
  };
}
