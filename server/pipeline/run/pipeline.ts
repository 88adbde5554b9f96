/**
 * A pipeline: what it keeps between analyses (the project, the workers, the memory of earlier runs), and `analyze`,
 * one analysis as its stages in order. Each stage takes the run's context and what the stage before produced.
 */
import * as path from 'node:path';
import { WorkspaceProject } from '../project/project';
import { DependentsIndex } from '../project/dependents';
import { mayHoldToolSchemas } from '../discover';
import { fileFilter, listFiles, type FileFilter } from '../plan/candidates';
import { findEntryPoints } from '../plan/entryPoints';
import { EntryRuns } from '../plan/entryRuns';
import { planRun } from '../plan/runPlan';
import { createEvaluator, type Evaluator } from '../evaluate';
import { assembleRun } from '../assemble/assembleRun';
import { checkRun } from '../workspace/checkRun';
import { analysisResult } from '../publish/analysisResult';
import { checkCancelled, openRun, type PipelineMemory } from './context';
import { afterEntries, runEntries, runFallback } from './runFiles';
import { RunLog } from './runLog';
import type { AnalysisResult, Pipeline, PipelineOptions } from './contract';

export function createPipeline(initial: PipelineOptions): Pipeline {
  let options: PipelineOptions = { ...initial, root: path.resolve(initial.root) };
  let filter: FileFilter = fileFilter(options.include, options.exclude);
  let project = new WorkspaceProject(options.root);
  let evaluator: Evaluator | undefined;
  const memory: PipelineMemory = { dependents: new DependentsIndex(), entryRuns: new EntryRuns(), typedFactories: new Map(), restartedAt: 0 };

  const evaluatorNow = () =>
    (evaluator ??= (options.evaluators ?? createEvaluator)({
      timeoutMs: options.timeoutMs,
      memoryMb: options.memoryMb,
      cwd: options.root,
      allowAddons: options.allowAddons,
      keepWarm: options.keepWorkersWarm,
    }));
  // A worker's start-up (Node, then the engine) is most of a fresh server's first analysis: it overlaps
  // listing and discovery instead of following them. Only for a trusted workspace; no user code runs yet. With
  // the result cache, the first file the cache cannot answer starts it: an unchanged workspace needs none.
  const warmIfTrusted = () => {
    if (options.trusted && !options.cache) evaluatorNow().warm();
  };
  warmIfTrusted();

  async function listCandidates(): Promise<string[]> {
    const files = await listFiles(options.root, filter);
    const candidates = files.filter((f) => {
      const text = project.readText(f);
      return text !== undefined && mayHoldToolSchemas(text);
    });
    // Where the programs start comes first, whatever its text mentions.
    return [...new Set([...findEntryPoints(options.root, options.entryPoints), ...candidates])];
  }

  const analyze: Pipeline['analyze'] = async (files, overlays, token, early): Promise<AnalysisResult> => {
    const plan = await planRun(options, files, listCandidates);
    checkCancelled({ token });
    const ctx = await openRun({ options, project, filter, memory, evaluator: evaluatorNow }, overlays, token, early);
    const log = new RunLog();
    await runEntries(ctx, plan, log);
    const left = await afterEntries(ctx, plan, log);
    await runFallback(ctx, plan, log, left);
    const assembled = await assembleRun(ctx, log);
    const checked = checkRun(ctx, log, assembled);
    return analysisResult(ctx, plan, log, assembled, checked);
  };

  return {
    listCandidates,
    analyze,
    dependents: (file) => memory.dependents.dependents(file),
    reach: (file) => memory.dependents.reach(file),
    updateOptions(next) {
      const before = options;
      options = { ...options, ...next, root: path.resolve(next.root ?? options.root) };
      filter = fileFilter(options.include, options.exclude);
      memory.entryRuns.clear();
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
      memory.restartedAt = Date.now();
      memory.entryRuns.clear();
      await evaluator?.restart();
    },
    reloadProject() {
      memory.entryRuns.clear();
      project = new WorkspaceProject(options.root);
    },
    async dispose() {
      const old = evaluator;
      evaluator = undefined;
      await old?.dispose();
    },
  };
}
