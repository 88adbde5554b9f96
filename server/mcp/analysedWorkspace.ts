/**
 * One workspace folder as the MCP server keeps it between tool calls: one pipeline (its workers warm), one
 * ResultStore (the language server's store of each analysed file's last result) and the disk as last walked. Each
 * call first brings it up to date with the disk: nothing changed, nothing runs; a source edited, that file and its
 * dependents run again (as the language server re-runs an edit); the project's configuration or install changed,
 * everything runs again, answered by the result cache where files are unchanged. Calls are served one refresh at a
 * time, so two agents' calls never analyse the same edit twice.
 */
import * as fs from 'node:fs';
import {
  checkToolSets,
  configProblemDiagnostic,
  createPipeline,
  preloadTokenizer,
  RenameService,
  ResultStore,
  type Diagnostic,
  type NotEvaluated,
  type Pipeline,
  type PipelineOptions,
  type ToolReport,
} from '../pipeline';
import { readProjectConfig } from '../projectConfig';
import { layerSettings, pipelineOptions, type Settings } from '../settings';
import { DiskState, type DiskChanges } from './diskState';

/** What one call sees: the workspace's tools and findings once the disk's changes are analysed. */
export interface Analysis {
  root: string;
  tools: readonly ToolReport[];
  /** Every finding, suppressions applied, ordered by file and position. */
  diagnostics: readonly Diagnostic[];
  settings: Settings;
  /** The clients the findings are judged against ([]: by library, the MCP clients for an MCP server's tools). */
  clients: readonly string[];
  /** Grows whenever what is reported may have changed: a page cursor of another generation is stale. */
  generation: number;
  /** What this call's refresh ran. */
  refresh: RefreshInfo;
  notEvaluated: NotEvaluated;
  /** The walk stopped at its file limit: edits past it are not seen until everything runs again. */
  walkTruncated: boolean;
}

export interface RefreshInfo {
  /** Milliseconds the refresh took (the walk, and the analysis when one ran). */
  ms: number;
  /** Files analysed by it (0: nothing changed on disk). */
  files: number;
  /** Every candidate ran (the first call, a configuration change, other clients). */
  full: boolean;
}

export class AnalysedWorkspace {
  private pipeline: Pipeline | undefined;
  private readonly store = new ResultStore();
  private settings!: Settings;
  private configProblems: Diagnostic[] = [];
  private tsconfigProblem: Diagnostic | undefined;
  private readonly disk: DiskState;
  private seq = 0;
  private generation = 0;
  private analysedOnce = false;
  /** The clients a call asked for instead of the configured ones, until a call asks for others. */
  private clientsAsked: readonly string[] | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private renamer: RenameService | undefined;
  private disposed = false;

  constructor(
    readonly root: string,
    private readonly log: (line: string) => void,
  ) {
    this.readSettings();
    this.disk = new DiskState(root, this.settings.evaluation.envFile);
  }

  /** The workspace brought up to date with the disk; `clients` judges against those instead of the configured ones. */
  analysis(clients?: readonly string[]): Promise<Analysis> {
    const run = this.queue.then(() => this.refresh(clients));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** TypeScript's rename, in a worker thread as the language server runs it (its program let go when unused). */
  renameService(): RenameService {
    return (this.renamer ??= new RenameService(this.root));
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.renamer?.dispose();
    this.renamer = undefined;
    const pipeline = this.pipeline;
    this.pipeline = undefined;
    await pipeline?.dispose();
  }

  private async refresh(clients: readonly string[] | undefined): Promise<Analysis> {
    if (this.disposed) throw new Error('the server is shutting down');
    const started = performance.now();
    const changes = this.disk.scan();
    const kinds = new Set([...changes.changed.values(), ...changes.removed.values()]);
    let full = !this.analysedOnce;
    if (kinds.has('settings')) {
      this.readSettings();
      this.disk.setEnvFile(this.settings.evaluation.envFile);
      this.pipeline?.updateOptions(this.pipelineOptions());
      full = true;
    }
    if (kinds.has('dependencies')) {
      await this.pipeline?.restartWorkers();
      full = true;
    }
    if (kinds.has('config')) {
      this.pipeline?.reloadProject?.();
      full = true;
    }
    if (full && this.analysedOnce) this.renamer?.reset();
    if (!sameList(clients, this.clientsAsked)) {
      this.clientsAsked = clients ? [...clients] : undefined;
      this.pipeline?.updateOptions({ clients: this.clientsNow() });
      full = true;
    }
    const pipeline = this.pipelineNow();
    const files = full ? await this.everyCandidate(pipeline) : await this.changedFiles(pipeline, changes);
    if (files.length > 0) {
      const result = await pipeline.analyze(files);
      this.store.apply(++this.seq, files, new Map(), result, files);
      this.tsconfigProblem = (result.configProblem && configProblemDiagnostic(result.configProblem, this.settings.severity)) ?? undefined;
      for (const s of result.skipped ?? []) this.log(`skipped ${s.file}: ${s.reason}`);
      for (const e of result.internalErrors ?? []) this.log(`internal error in ${e.file}: ${e.message}`);
      this.generation++;
    }
    // The per-server budget needs every tool at once: checked over the store after each run, as the editor does.
    const folder = checkToolSets({ root: this.root, tools: this.store.tools(), budget: this.settings.budget, severities: this.settings.severity });
    const workspaceFindings = [...this.configProblems, ...(this.tsconfigProblem ? [this.tsconfigProblem] : []), ...folder.diagnostics];
    if (this.store.setWorkspaceDiagnostics(workspaceFindings).size > 0) this.generation++;
    this.analysedOnce = true;
    return {
      root: this.root,
      tools: this.store.tools(),
      diagnostics: this.diagnostics(),
      settings: this.settings,
      clients: this.clientsNow(),
      generation: this.generation,
      refresh: { ms: performance.now() - started, files: files.length, full },
      notEvaluated: this.store.notEvaluated(),
      walkTruncated: this.disk.truncated,
    };
  }

  /** Every candidate, forgetting what is no longer one. */
  private async everyCandidate(pipeline: Pipeline): Promise<string[]> {
    const files = await pipeline.listCandidates();
    const keep = new Set(files);
    const gone = this.store.originFiles().filter((f) => !keep.has(f));
    if (gone.length) {
      this.store.remove(gone);
      this.generation++;
    }
    return files;
  }

  /** The sources changed or gone since the last walk that are (still) candidates, and every file that imports one. */
  private async changedFiles(pipeline: Pipeline, changes: DiskChanges): Promise<string[]> {
    const edited = [...changes.changed].filter(([, kind]) => kind === 'source').map(([file]) => file);
    const gone = [...changes.removed].filter(([, kind]) => kind === 'source').map(([file]) => file);
    if (edited.length === 0 && gone.length === 0) return [];
    for (const file of [...edited, ...gone]) this.renamer?.invalidate(file);
    // A new file, or one whose text now mentions zod or a tool library, becomes a candidate; one that no longer does is forgotten.
    const candidates = new Set(await pipeline.listCandidates());
    const targets = new Set(edited.filter((f) => candidates.has(f)));
    const forgotten = [...gone, ...edited.filter((f) => !candidates.has(f))].filter((f) => this.store.hasOrigin(f));
    for (const file of [...edited, ...gone]) for (const importer of pipeline.dependents(file)) if (fs.existsSync(importer)) targets.add(importer);
    if (forgotten.length) {
      this.store.remove(forgotten);
      this.generation++;
    }
    return [...targets];
  }

  private diagnostics(): Diagnostic[] {
    const all = [...this.store.filesWithDiagnostics()].flatMap((f) => this.store.diagnosticsIn(f));
    return all.sort(
      (a, b) =>
        (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
        a.range.start.line - b.range.start.line ||
        a.range.start.character - b.range.start.character ||
        a.code.localeCompare(b.code),
    );
  }

  /** The project file under the defaults: the MCP server has no flags and no editor settings, as `check` without flags. */
  private readSettings(): void {
    const project = readProjectConfig(this.root);
    this.settings = layerSettings(project?.section);
    this.configProblems = project?.problems ?? [];
    this.store.setSeverities(this.settings.severity);
  }

  private clientsNow(): string[] {
    return [...(this.clientsAsked ?? this.settings.clients)];
  }

  private pipelineOptions(): PipelineOptions {
    // Started where the user ran it (or a root they let it read): trusted, as `check` is (see roots.ts).
    return {
      ...pipelineOptions(this.settings, this.root, true),
      clients: this.clientsNow(),
      cache: this.settings.evaluation.cache,
      keepWorkersWarm: true,
    };
  }

  private pipelineNow(): Pipeline {
    if (this.pipeline) return this.pipeline;
    this.pipeline = createPipeline(this.pipelineOptions());
    // The tokenizer's ranks load once while the workers start, not inside the first analysis.
    setImmediate(() => {
      try {
        preloadTokenizer();
      } catch (error) {
        this.log(`loading the tokenizer failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    return this.pipeline;
  }
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);
}
