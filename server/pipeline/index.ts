/**
 * The workspace pipeline: candidates → discover → evaluate (worker pool) → locate → assemble, one
 * FileReport per analysed file. The fronts (CLI, language server) only call `createPipeline`.
 * One bad file never hides the others: every stage failure becomes a finding on that file.
 */
import * as path from 'node:path';
import { WorkspaceProject } from './project/project';
import { discoverFiles, mayHoldToolSchemas } from './discover';
import { assembleFile, type AssembledFile } from './assemble/assemble';
import { admitted, fileFilter, isUnder, listFiles, type FileFilter } from './plan/candidates';
import { DependentsIndex } from './project/dependents';
import { createEvaluator, EvaluationCancelled, openEvaluationCache, WorkerMissing, type Evaluator } from './evaluate';
import { createLocator } from './locate/locator';
import { findEntryPoints, parseEntry, serverStarts, sourceOf } from './plan/entryPoints';
import { entryReach } from './plan/entryReach';
import { evaluationEnv } from './environment/envFile';
import { unreadableEnvPaths } from './environment/envPaths';
import { factoriesOf } from './discover/factories';
import { pathNeededBy, typedBefore, typedRetry, type TypedFactoryCache } from './discover/factoryArguments';
import { checkWorkspace, keepEachToolOnce, noToolsFindings, type AnalysedFile } from './workspace';
import { keepCountsIn, preloadTokenizer, saveKeptCounts } from './tokens';
import { coverageOf, type Coverage } from './plan/coverage';
import { EntryRuns } from './plan/entryRuns';
import { collectEarlyTools } from './assemble/earlyTools';
import { loadedBeyondRoot } from './plan/beyondRoot';
import { setAsidePrograms } from './plan/programs';
import { placeholderEnv, withPlaceholders } from './environment/placeholders';
import { refineStartFailure } from './start/startFailure';
import type { AnalysisResult, EarlyResults, Overlay, Pipeline, PipelineOptions } from './run/contract';
import type { CancellationLike, EvaluatedFile, EvaluatedTool } from './evaluate/contract';
import type { DiscoveredFile, FactorySpec } from './discover/contract';

// The fronts' one door: everything the CLI and the language server use of the pipeline (and of the engine's
// vocabulary they print) is re-exported here; nothing under server/cli or server/lsp imports a pipeline internal.
export type { AnalysisResult, EarlyResults, Overlay, Pipeline, PipelineOptions, TokenBudget, EvaluatorSource } from './run/contract';
export type { CancellationLike, EngineOptions, FlattenMode } from './evaluate/contract';
export type { Diagnostic, FileReport, KeyReport, SeveritySetting, SourceDefinition, ToolReport } from './assemble/report';
export type { Location, Position, Range } from './syntax/places';
export type { ToolSdk } from './sdks/names';
export { createEvaluator, type Evaluator, type EvaluatorOptions } from './evaluate';
export { contains } from './assemble/match';
export { mergeAnalyses, ResultStore } from './publish/results';
export { CODES, FINDING_CODES, formatPath } from '../../shared/findings';
// Bounded workspace reads (regular files within a size limit, never a blocking open), for the rename front too.
export { isReadableFile, readWorkspaceFile } from './project/boundedRead';
export { libraryNames } from './sdks';
export { strictView, TARGET_IDS, targetLabel, unknownTargets } from '../../shared/clients/index';
export type { CollisionWidening, FindingCode, Severity, Target } from '../../shared/types';
export type { ProblemCounts } from './publish/results';
export {
  CONTEXT_WINDOW,
  countTokens,
  definitionText,
  heaviestKeys,
  preloadTokenizer,
  sentTools,
  serverTokens,
  TOKENIZER,
  type ServerTokens,
  type ToolSet,
  type ToolTokens,
} from './tokens';
export { CLIENT_RULE_IDS, clientRuleReferences, codeReference, type ClientRuleReference, type CodeReference } from './findings/findingReference';
export { brokenRulesAt, DEFAULT_MCP_CLIENTS, targetFacts, type BrokenRule, type TargetFacts } from './findings/clientTargets';
export { checkToolSets, serverOverBudget, type CheckedFolder, type MergedFolder } from './workspace';
export { configProblemDiagnostic, configProblemMessage } from './findings/messages';
export { clientRuleKey, effectiveSeverity, type SeverityOverrides } from './findings/severities';
export { applySuppressions, DISABLE_NEXT_LINE } from './findings/suppressions';
export { countNotEvaluated, notEvaluatedText, type NotEvaluated } from './start/notEvaluated';
export { foundWithNote } from './environment/placeholders';
export { plannedFixes, type PlannedEdit, type PlannedFix } from './fixes';
export { stopTransformer } from './evaluate/host/transformSource';
export {
  canShipFlattened,
  KeyRenamer,
  NOT_TURNED_OFF,
  offsetAt,
  positionAt,
  RENAMEABLE,
  RenameService,
  renameSiblings,
  RUNTIME_PACKAGE,
  severityKeysOf,
  shipFlattenedFix,
  shipFlattenedTitle,
  suppressionEdit,
  turnedOffText,
  type OffsetEdit,
  type RenameOutcome,
  type ShipFlattenedFix,
  type TextEditAt,
} from './fixes';
export {
  canonicalJson,
  digestOf,
  driftBetween,
  parseSnapshot,
  snapshotOfTools,
  snapshotText,
  snapshotToolOf,
  worstClass,
  type ChangeClass,
  type Snapshot,
  type SnapshotSourceTool,
  type ToolDrift,
} from './drift';

export class CancelledError extends Error {
  constructor() {
    super('analysis cancelled');
    this.name = 'CancelledError';
  }
}

export function createPipeline(initial: PipelineOptions): Pipeline {
  let options: PipelineOptions = { ...initial, root: path.resolve(initial.root) };
  let filter: FileFilter = fileFilter(options.include, options.exclude);
  let project = new WorkspaceProject(options.root);
  let evaluator: Evaluator | undefined;
  const dependents = new DependentsIndex();
  // What the entries' runs covered carries over to the analyses that follow (the language server's later batches).
  const entryRuns = new EntryRuns();
  const typedFactories: TypedFactoryCache = new Map();
  /** When the workers were last restarted: the result cache answers only with what was kept since. */
  let restartedAt = 0;

  const evaluatorNow = () =>
    (evaluator ??= (options.evaluators ?? createEvaluator)({
      timeoutMs: options.timeoutMs,
      memoryMb: options.memoryMb,
      cwd: options.root,
      allowAddons: options.allowAddons,
      keepWarm: options.keepWorkersWarm,
    }));
  const checkCancelled = (token?: CancellationLike) => {
    if (token?.isCancellationRequested) throw new CancelledError();
  };
  // A worker's start-up (Node, then the engine) is most of a fresh server's first analysis: it overlaps
  // listing and discovery instead of following them. Only for a trusted workspace; no user code runs yet. With
  // the result cache, the first file the cache cannot answer starts it: an unchanged workspace needs none.
  const warmIfTrusted = () => {
    if (options.trusted && !options.cache) evaluatorNow().warm();
  };
  warmIfTrusted();

  const entriesNow = () => findEntryPoints(options.root, options.entryPoints);

  async function listCandidates(): Promise<string[]> {
    const files = await listFiles(options.root, filter);
    const candidates = files.filter((f) => {
      const text = project.readText(f);
      return text !== undefined && mayHoldToolSchemas(text);
    });
    // Where the programs start comes first, whatever its text mentions.
    return [...new Set([...entriesNow(), ...candidates])];
  }

  async function analyze(files?: string[], overlays?: ReadonlyMap<string, Overlay>, token?: CancellationLike, early?: EarlyResults): Promise<AnalysisResult> {
    const targets = files ? [...new Set(files.map((f) => path.resolve(f)))] : await listCandidates();
    checkCancelled(token);
    const entries = new Set(entriesNow());
    const env = options.trusted ? evaluationEnv(options.root, options.envFile, options.env) : {};
    const unreadableEnv = options.trusted ? unreadableEnvPaths(options.root, env) : [];
    const cache = options.trusted && options.cache ? await openEvaluationCache(options.root, restartedAt) : undefined;
    if (cache && options.keepTokenCounts) keepCountsIn(cache.dir);
    const analysedInfo = new Map<string, AnalysedFile>();

    const discovered = new Map<string, DiscoveredFile>();
    const discoverMs = new Map<string, number>();
    project.setOverlays(overlays);
    // Registrations often run in a module the analysed file imports; its sites are discovered on demand.
    const sitesOf = (file: string) => {
      const abs = path.resolve(file);
      let found = discovered.get(abs);
      if (!found) discovered.set(abs, (found = safeDiscover(project, abs)));
      return found.sites;
    };
    const overlayTexts = new Map<string, string>();
    for (const [file, overlay] of overlays ?? []) overlayTexts.set(path.resolve(file), overlay.text);

    // Where each tool was written is placed only in open buffers: it serves the editor there, and placing it for
    // every tool of a whole-server entry on each of its runs costs memory the CLI and unopened files never use.
    const locator = createLocator(project, (file) => options.placeDefinitions === 'all' || overlayTexts.has(path.resolve(file)));
    const assembleOf = (file: string, evaluated: EvaluatedFile | undefined) =>
      assembleFile({
        file,
        version: findOverlay(overlays, file)?.version,
        sitesOf,
        evaluated,
        untrusted: !options.trusted,
        severities: options.severities,
        locator,
        discoverMs: discoverMs.get(file) ?? 0,
        clients: options.clients,
        budget: options.budget,
      });
    // An open file's tools that a long run registers (a whole server's entry) are handed on as they are judged.
    const handOnEarly = (origin: string, tools: readonly EvaluatedTool[]) => {
      if (!early || token?.isCancellationRequested) return;
      const partial: EvaluatedFile = { file: origin, tools: [...tools], inputs: [origin], timings: { bundle: 0, evaluate: 0, engine: 0 } };
      const { reports, diagnosticsByFile } = checkWorkspace([assembleOf(origin, partial)], options.severities, options.clients);
      early(origin, { files: reports, diagnosticsByFile });
    };

    // Discovery (a parse in this thread) of the next file overlaps the bundling and evaluation of the previous ones;
    // a small window keeps the workers busy without starting every bundle at once.
    const analysed: string[] = [];
    const evaluations = new Map<string, Promise<EvaluatedFile>>();
    const settled = new Set<string>();
    const inFlight = limitConcurrency(EVALUATION_WINDOW);
    // Entry points run first: a module an entry's start already ran, whose factories it reached, is not run again.
    const ordered = [...targets.filter((f) => entries.has(f)), ...targets.filter((f) => !entries.has(f))];
    let coverage: Coverage | undefined;
    const starts = options.argv?.length ? serverStarts(options.root, options.entryPoints) : new Set<string>();
    // The entries the user named run whatever they import; the others only when they can reach a tool library.
    const named = new Set(
      (options.entryPoints ?? []).map((entry) => {
        const { file } = parseEntry(options.root, entry);
        return sourceOf(options.root, path.relative(options.root, file)) ?? file;
      }),
    );
    const notRun: NonNullable<AnalysisResult['notRun']> = [];
    // Past this call's entries (at the end, when it has only entries): what their runs covered, and the modules
    // outside the checked folder that an entry whose start registered nothing loaded (beyondRoot.ts).
    const pastEntries = async () => {
      const earlier = entryRuns.current(
        [...entries].filter((e) => !evaluations.has(e)),
        overlayTexts,
      );
      coverage = await coverageOf([...evaluations.values(), ...earlier.map((run) => Promise.resolve(run))]);
      if (!options.trusted) return;
      const runs = await Promise.all([...evaluations].filter(([file]) => entries.has(file)).map(([, run]) => run.catch(() => undefined)));
      ordered.push(
        ...loadedBeyondRoot(
          runs.filter((run): run is EvaluatedFile => run !== undefined),
          options.root,
          new Set(ordered),
        ),
      );
    };
    for (let next = 0; next <= ordered.length; next++) {
      checkCancelled(token);
      if (!coverage && (next === ordered.length || !entries.has(ordered[next]))) await pastEntries();
      if (next === ordered.length) break;
      const file = ordered[next];
      const started = performance.now();
      const found = safeDiscover(project, file);
      discovered.set(file, found);
      discoverMs.set(file, performance.now() - started);
      // Explicit files under the root still honour the globs (an open file in an excluded folder stays quiet);
      // files outside the root are analysed as asked.
      const isEntry = entries.has(file);
      if (!isEntry && (!found.candidate || (isUnder(options.root, file) && !admitted(options.root, file, filter)))) continue;
      // A bin or script that is a CLI, an installer or a migration is not run to look for tools it cannot have.
      if (isEntry && !found.candidate && !named.has(file)) {
        const reach = entryReach(
          file,
          (f) => project.readText(f),
          (f) => sourceOf(options.root, path.relative(options.root, f)),
        );
        if (!reach.reaches) {
          notRun.push({ file, reason: 'no-tool-library' });
          continue;
        }
      }
      analysed.push(file);
      const factories = factoriesOf(project, file, options.root, options.entryPoints);
      analysedInfo.set(file, {
        file,
        entry: isEntry,
        buildsServer: factories.buildsServer,
        factories: factories.specs.length,
        abstractBuilders: factories.abstractBuilders,
      });
      if (!options.trusted) continue;
      const tagged = found.sites.filter((s) => s.kind === 'tagged' && s.name).map((s) => s.name!);
      if (
        coverage &&
        !overlayTexts.has(file) &&
        tagged.length === 0 &&
        coverage.covers(
          file,
          factories.specs,
          found.sites.some((s) => s.kind === 'registration'),
        )
      ) {
        analysed.pop();
        analysedInfo.delete(file);
        continue;
      }
      const specs = typedBefore(project, file, factories.specs, typedFactories);
      const argv = starts.has(file) ? options.argv : undefined;
      const streaming =
        early && overlayTexts.size > 0
          ? collectEarlyTools(
              (f) => overlayTexts.has(f),
              (tools) => handOnEarly(file, tools),
            )
          : undefined;
      const request = { file, overlays: overlayTexts, tagged, factories: [...specs], env, argv, stubs: options.stubs, entry: isEntry, options: options.engine };
      const startedAt = Date.now();
      const evaluation = inFlight(() =>
        evaluatorNow()
          .evaluate(streaming ? { ...request, onTool: streaming.onTool } : request, token, cache)
          .finally(() => streaming?.end()),
      )
        .catch((err): EvaluatedFile => {
          if (err instanceof EvaluationCancelled) throw new CancelledError();
          // The tool's own install is broken: the whole analysis fails, loudly, rather than every file quietly.
          if (err instanceof WorkerMissing) throw err;
          return internalFailure(file, err);
        })
        .then(async (first) => {
          // A file stopped at a limit runs once more, in a fresh worker (the pool ended the one that was stopped): a
          // busy moment or a cold cache must not decide its result. Still stopped, it is reported, saying so.
          let evaluated = first;
          if (stoppedAtLimit(first)) {
            const second = await inFlight(() => evaluatorNow().evaluate(request, token, cache)).catch((err) => {
              if (err instanceof EvaluationCancelled) throw new CancelledError();
              return undefined;
            });
            if (second && !stoppedAtLimit(second)) evaluated = second;
            else if (second) {
              const better = second.tools.length >= first.tools.length ? second : first;
              evaluated = { ...better, failure: { ...better.failure!, retried: true } };
            }
          }
          // A start that failed on unset credentials runs again with placeholders for exactly those (placeholders.ts).
          const readSource = (f: string) => project.readText(f);
          if (options.placeholders !== false)
            evaluated = await withPlaceholders(
              evaluated,
              env,
              (placed) =>
                inFlight(() => evaluatorNow().evaluate({ ...request, env: placed }, token, cache)).catch((err) => {
                  if (err instanceof EvaluationCancelled) throw new CancelledError();
                  return undefined;
                }),
              readSource,
            );
          evaluated = refineStartFailure(evaluated, readSource);
          // A factory that registered nothing or threw with placeholders is called once more with arguments built from its types.
          const retry = specs === factories.specs ? typedRetry(project, file, specs, evaluated, typedFactories) : undefined;
          const again =
            retry &&
            (await inFlight(() =>
              evaluatorNow().evaluate(
                { ...request, factories: retry, ...(evaluated.placeholders ? { env: { ...env, ...placeholderEnv(evaluated.placeholders) } } : {}) },
                token,
                cache,
              ),
            ).catch((err) => {
              if (err instanceof EvaluationCancelled) throw new CancelledError();
              return undefined;
            }));
          const kept = again && again.tools.length > evaluated.tools.length ? again : evaluated;
          markPathsNeeded(kept, file, specs, typedFactories);
          dependents.record(file, kept.inputs);
          if (isEntry) entryRuns.keep(kept, startedAt, overlayTexts);
          return kept;
        });
      // A cancelled run stops awaiting; its other evaluations must not surface as unhandled rejections.
      evaluation.then(
        () => settled.add(file),
        () => undefined,
      );
      evaluations.set(file, evaluation);
      await yieldToEventLoop();
    }

    const assembled: AssembledFile[] = [];
    for (const file of analysed) {
      // This thread would only wait for the worker here: the tokenizer's ranks, which the first count needs and which
      // take a few hundred ms to load, load now and not after (a one-file check spent its last 0.4 s on them).
      if (options.trusted && !settled.has(file)) preloadTokenizer();
      const evaluated = options.trusted ? await evaluations.get(file)! : undefined;
      // Placing a file's findings takes milliseconds of this thread; between files the workers' messages (a result
      // that frees a worker for its next job, a transform it waits on) are answered, not queued behind a burst.
      if (options.trusted) await yieldToEventLoop();
      checkCancelled(token);
      assembled.push(assembleOf(file, evaluated));
    }

    keepEachToolOnce(assembled);
    // A client example or a script that failed to load had no tool schemas to lose: listed once, not a warning each.
    const programsNotLoaded = options.trusted ? setAsidePrograms(assembled, discovered, analysedInfo) : [];
    // A file that should have yielded tools and did not says so (it is one of the assembled files).
    if (options.trusted) {
      const buildsServer = (file: string) => analysedInfo.get(file)?.buildsServer ?? factoriesOf(project, file, options.root).buildsServer;
      for (const d of noToolsFindings(assembled, analysedInfo, locator, options.severities, buildsServer))
        assembled.find((a) => a.report.file === d.file)?.diagnostics.push(d);
    }
    const { reports, diagnosticsByFile } = checkWorkspace(assembled, options.severities, options.clients);
    const skipped = [...project.skipped].map(([file, reason]) => ({ file, reason }));
    const typedCalls = assembled.flatMap((a) =>
      (a.evaluated?.factoryCalls ?? []).filter((c) => c.typed).map((c) => ({ file: a.report.file, factory: c.name })),
    );
    const stubbed = [...new Set(assembled.flatMap((a) => a.evaluated?.stubbed ?? []))].sort();
    const internalErrors = assembled.flatMap((a) => (a.evaluated?.internalErrors ?? []).map((message) => ({ file: a.report.file, message })));
    saveKeptCounts();
    return {
      files: reports.filter((r) => r.tools.length > 0 || r.diagnostics.length > 0),
      diagnosticsByFile,
      ...(skipped.length ? { skipped } : {}),
      ...(typedCalls.length ? { typedCalls } : {}),
      ...(stubbed.length ? { stubbed } : {}),
      ...(notRun.length ? { notRun } : {}),
      ...(programsNotLoaded.length ? { programsNotLoaded } : {}),
      ...(options.argv?.length && [...evaluations.keys()].some((f) => entries.has(f)) && ![...starts].some((f) => evaluations.has(f))
        ? { argvUnused: true }
        : {}),
      ...(unreadableEnv.length ? { unreadableEnv } : {}),
      ...(project.configProblem ? { configProblem: project.configProblem } : {}),
      ...(internalErrors.length ? { internalErrors } : {}),
      ...(cache?.hits ? { cache: { dir: cache.dir, hits: cache.hits } } : {}),
    };
  }

  return {
    listCandidates,
    analyze,
    dependents: (file) => dependents.dependents(file),
    reach: (file) => dependents.reach(file),
    updateOptions(next) {
      const before = options;
      options = { ...options, ...next, root: path.resolve(next.root ?? options.root) };
      filter = fileFilter(options.include, options.exclude);
      entryRuns.clear();
      if (options.root !== before.root) project = new WorkspaceProject(options.root);
      // Engine options travel with each request; limits are applied to the running pool; only a new root
      // (the workers' working directory) or a change in what the workers may do needs new workers.
      if (evaluator && (options.root !== before.root || Boolean(options.allowAddons) !== Boolean(before.allowAddons))) {
        const old = evaluator;
        evaluator = undefined;
        void old.dispose();
      } else if (evaluator && (options.memoryMb !== before.memoryMb || options.timeoutMs !== before.timeoutMs)) {
        evaluator.setLimits({ memoryMb: options.memoryMb, timeoutMs: options.timeoutMs });
      }
      warmIfTrusted();
    },
    async restartWorkers() {
      // What the user asks of a restart is that everything runs again: nothing kept before it is used.
      restartedAt = Date.now();
      entryRuns.clear();
      await evaluator?.restart();
    },
    reloadProject() {
      entryRuns.clear();
      project = new WorkspaceProject(options.root);
    },
    async dispose() {
      const old = evaluator;
      evaluator = undefined;
      await old?.dispose();
    },
  };
}

/** Files being bundled or evaluated at once: the pool's workers plus a little bundling ahead. */
const EVALUATION_WINDOW = 4;

/** Run at most `limit` of the given tasks at a time, in the order they were given. */
function limitConcurrency(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    active--;
    waiting.shift()?.();
  };
  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        active++;
        // A task that throws before returning its promise must still free its slot.
        new Promise<T>((run) => run(task())).then(resolve, reject).finally(next);
      };
      if (active < limit) start();
      else waiting.push(start);
    });
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function safeDiscover(project: WorkspaceProject, file: string): DiscoveredFile {
  try {
    return discoverFiles(project, [file])[0];
  } catch {
    // A file discovery cannot read statically is still evaluated: evaluation is the truth about tools.
    return { file, sites: [], candidate: true };
  }
}

/** The pool failed (not the user's code): still a finding on that file rather than a lost analysis. */
function internalFailure(file: string, err: unknown): EvaluatedFile {
  const reason = `internal error of the evaluation pool: ${err instanceof Error ? err.message : String(err)}`;
  return { file, tools: [], failure: { phase: 'load', reason }, inputs: [file], timings: { bundle: 0, evaluate: 0, engine: 0 } };
}

function findOverlay(overlays: ReadonlyMap<string, Overlay> | undefined, file: string): Overlay | undefined {
  if (!overlays) return undefined;
  for (const [f, o] of overlays) if (path.resolve(f) === file) return o;
  return undefined;
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
