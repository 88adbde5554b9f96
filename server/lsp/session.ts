/**
 * One language-server session over one workspace root: owns the pipeline, the open buffers, the last results and
 * the scheduling between them. Every feature reads from here; server.ts only wires the connection to it.
 */
import * as path from 'node:path';
import {
  FileChangeType,
  type CancellationToken,
  type CodeAction,
  type CodeActionParams,
  type CodeLens,
  type Connection,
  type DocumentSymbol,
  type Hover,
  type HoverParams,
  type SymbolInformation,
} from 'vscode-languageserver';
import {
  checkToolSets,
  configProblemDiagnostic,
  notEvaluatedText,
  preloadTokenizer,
  RenameService,
  ResultStore,
  sentTools,
  serverTokens,
  type Diagnostic,
  type Pipeline,
  type PipelineOptions,
} from '../pipeline';
import { pipelineOptions, type Settings } from '../settings';
import { AnalysisScheduler } from './analysis';
import { codeActionsAt, resolveCodeAction, type CodeActionCapabilities } from './codeActions';
import { turnOffActions } from './turnOff';
import { plannedFixActions } from './plannedFixActions';
import { shipFlattenedActions } from './shipFlattened';
import { DiagnosticsPublisher } from './diagnostics';
import { describeError } from './errors';
import { FileDebouncer, type OpenDocuments } from './documents';
import { hoverAt } from './hover';
import { scanProgress } from './progress';
import { sendAndForget, toLiveClient } from './unanswered';
import { codeLensesIn } from './codeLens';
import type { ListToolsParams, ListToolsResult, ServerSummary, StatusParams } from '../../protocol';
import { documentSymbols, workspaceSymbols } from './symbols';
import type { SettingsSource } from './settings';
import type { StatusAggregator } from './status';
import { listTools } from './tools';
import { SnapshotDrift } from './snapshotDrift';
import { VerifiedAnswers } from './verified';
import type { TrustNotice } from './trust';
import { pathToUri, uriToPath } from './uris';
import { classifyChange } from './watchers';
import { PROJECT_CONFIG_FILE } from '../projectConfig';

export type CreatePipeline = (options: PipelineOptions) => Pipeline;

/** What the sessions of one server share: the open buffers, the one trust notice, the status bar. */
export interface SessionShared {
  docs: OpenDocuments;
  trustNotice: TrustNotice;
  status: StatusAggregator;
  /** Whether a file belongs to this session's root (the innermost workspace folder holding it). */
  owns(session: LensSession, file: string): boolean;
}

export interface SessionOptions {
  root: string;
  trusted: boolean;
  debounceMs: number;
  /** List a spot's findings in the hover (false where the editor shows them there itself). */
  hoverFindings?: boolean;
  /** The client runs the hover's `command:` links. */
  commandLinks?: boolean;
  progressSupported: boolean;
  codeActions: CodeActionCapabilities;
  /** The client re-asks for code lenses on `workspace/codeLens/refresh`. */
  codeLensRefresh?: boolean;
}

export class LensSession {
  readonly docs: OpenDocuments;
  readonly store = new ResultStore();
  readonly diagnostics: DiagnosticsPublisher;
  private readonly scheduler: AnalysisScheduler;
  private readonly debouncer: FileDebouncer;
  private readonly renamer: RenameService;
  private pipeline: Pipeline | undefined;
  private settings: Settings | undefined;
  /** What is wrong with the project file (toolschemalens.config.json), published on it. */
  private configProblems: Diagnostic[] = [];
  /** A tsconfig.json that does not parse (the last run's word), published on it. */
  private tsconfigProblem: Diagnostic | undefined;
  private firstScanDone = false;
  private busyDetail: string | undefined;
  private disposed = false;

  constructor(
    private readonly connection: Connection,
    private readonly createPipeline: CreatePipeline,
    private readonly settingsSource: SettingsSource,
    private readonly options: SessionOptions,
    private readonly shared: SessionShared,
  ) {
    this.docs = shared.docs;
    this.diagnostics = new DiagnosticsPublisher(connection, this.docs, this.store);
    this.renamer = new RenameService(options.root);
    this.debouncer = new FileDebouncer(options.debounceMs, (files) => void this.scheduler.analyzeChanged(files));
    this.scheduler = new AnalysisScheduler(
      () => this.pipeline,
      this.docs,
      () => this.openFiles(),
      this.store,
      {
        results: (touched) => {
          for (const f of this.checkServerBudget()) touched.add(f);
          this.diagnostics.publish(touched);
          this.refreshCodeLenses();
          this.sendStatus();
        },
        busy: (active, detail) => {
          if (detail) this.busyDetail = detail;
          if (!active) this.busyDetail = undefined;
          this.sendStatus();
        },
        failed: (error) => this.logError('analysis', error),
        trace: (line) => toLiveClient(() => this.connection.console.log(line)),
        tsconfig: (problem) => {
          const next = (problem && configProblemDiagnostic(problem, this.settings?.severity)) ?? undefined;
          const same = next?.message === this.tsconfigProblem?.message && next?.severity === this.tsconfigProblem?.severity;
          if (same && next?.file === this.tsconfigProblem?.file) return;
          this.tsconfigProblem = next;
          this.diagnostics.publish(this.checkServerBudget());
        },
      },
    );
  }

  /** After `initialized`: read settings, start the pipeline and the background scan. */
  async start(): Promise<void> {
    this.shared.status.update(this, { state: 'starting', tools: 0, problems: 0 });
    await this.applySettings();
  }

  /** didChangeConfiguration: what a push-only client sent, then re-read and apply. */
  async settingsChanged(pushed: unknown): Promise<void> {
    this.settingsSource.push(pushed);
    await this.applySettings();
  }

  /** Settings changed: update the pipeline in place and re-analyse everything. */
  async applySettings(): Promise<void> {
    const { settings, problems } = await this.settingsSource.read();
    if (this.disposed) return;
    this.settings = settings;
    this.configProblems = problems;
    const touched = this.store.setSeverities(settings.severity);
    for (const f of this.checkServerBudget()) touched.add(f);
    this.diagnostics.publish(touched);
    this.diagnostics.active = settings.enable;
    if (!settings.enable) {
      this.scheduler.cancelAll();
      this.diagnostics.clearAll(this.store.clear());
      const old = this.pipeline;
      this.pipeline = undefined;
      await old?.dispose().catch(() => undefined);
      this.sendStatus();
      return;
    }
    // The result cache check keeps (evaluate/host/resultCache.ts): an editor start over an unchanged workspace runs none of it.
    const options = {
      ...pipelineOptions(settings, this.options.root, this.options.trusted),
      cache: settings.evaluation.cache,
      keepWorkersWarm: true,
      placeDefinitions: 'all' as const,
    };
    if (this.pipeline) this.pipeline.updateOptions(options);
    else {
      this.pipeline = this.createPipeline(options);
      // The tokenizer's ranks load once (a few hundred ms) while the workers start, not inside the first analysis.
      if (this.options.trusted)
        setImmediate(() => {
          // A broken install (no tokenizer beside the bundle) is said in the log; each analysis then says it too.
          try {
            preloadTokenizer();
          } catch (error) {
            this.logError('loading the tokenizer', error);
          }
        });
    }
    if (!this.options.trusted) this.shared.trustNotice.show();
    // Whatever ran under the old settings is moot.
    this.scheduler.cancelAll();
    void this.rescan();
  }

  /** Re-analyse the whole workspace in the background (the first time with progress). */
  async rescan(): Promise<void> {
    if (this.disposed) return;
    // Open buffers first, on their own: the user is looking at them, and they must not wait for the whole scan.
    const open = this.openFiles();
    const openRun = open.length ? this.scheduler.analyzeChanged(open) : undefined;
    const progress = await scanProgress(
      this.connection,
      this.options.progressSupported,
      this.firstScanDone ? 'Tool Schema Lens: re-analysing' : 'Tool Schema Lens: analysing tool schemas',
    );
    // The scan waits for them so that it does not compete for the workers and the CPU.
    await openRun;
    // Shut down meanwhile (the client left): nothing to scan for.
    if (this.disposed) return;
    await this.scheduler.scanAll(progress, new Set(open));
    this.firstScanDone = true;
    this.sendStatus();
  }

  /** RESTART_WORKERS_COMMAND, and node_modules changes. */
  async restartWorkers(): Promise<void> {
    if (!this.pipeline) return;
    await this.pipeline.restartWorkers();
    this.renamer.reset();
    void this.rescan();
  }

  watchedFilesChanged(changes: Array<{ uri: string; type: FileChangeType }>): void {
    let config = false;
    let settings = false;
    let dependencies = false;
    for (const change of changes) {
      const file = uriToPath(change.uri);
      if (!file) continue;
      const kind = classifyChange(file);
      if (kind === 'source') {
        this.renamer.invalidate(file);
        // An open buffer speaks for itself; a change on disk matters only to files that are not open.
        if (this.docs.isOpen(file)) continue;
        if (change.type === FileChangeType.Deleted) this.fileDeleted(file);
        else this.debouncer.touch(file);
      } else if (kind === 'config') config = true;
      else if (kind === 'settings') settings = file === path.join(this.options.root, PROJECT_CONFIG_FILE) || settings;
      else if (kind === 'dependencies') dependencies = true;
    }
    // Re-reading the settings re-analyses everything; a dependency change also needs fresh workers.
    if (settings) this.applySettings().catch((error) => this.logError(`reading ${PROJECT_CONFIG_FILE}`, error));
    if (dependencies) this.restartWorkers().catch((error) => this.logError('restarting the workers', error));
    else if (config && !settings) {
      // A tsconfig's paths and JSX settings, and whether it parses at all, are read when the project is made.
      this.pipeline?.reloadProject?.();
      this.renamer.reset();
      void this.rescan();
    }
  }

  /** A deleted file says nothing any more; the files that imported it now fail or change. */
  private fileDeleted(file: string): void {
    const importers = this.pipeline?.dependents(file) ?? [];
    const touched = this.store.remove([file]);
    touched.add(file);
    this.diagnostics.publish(touched);
    for (const importer of importers) this.debouncer.touch(importer);
    this.sendStatus();
  }

  hover(params: HoverParams): Hover | null {
    const file = uriToPath(params.textDocument.uri);
    if (!file) return null;
    const tools = this.store.tools();
    const drift = this.verifiedAnswers.driftIn(tools, file, this.settings?.severity ?? {});
    const findings = this.options.hoverFindings === false ? [] : [...this.store.diagnosticsIn(file), ...drift];
    return hoverAt(tools, findings, file, params.position, {
      problems: this.store.problemsByTool(),
      uriOf: (f) => this.docs.uri(f),
      commandLinks: this.options.commandLinks,
      verified: this.verifiedAnswers.rowsFor,
    });
  }

  private verifiedAnswersOf?: VerifiedAnswers;
  private get verifiedAnswers(): VerifiedAnswers {
    return (this.verifiedAnswersOf ??= new VerifiedAnswers(this.options.root, (message) =>
      toLiveClient(() => this.connection.console.warn(`Tool Schema Lens: ${message}`)),
    ));
  }

  async codeActions(params: CodeActionParams, token?: CancellationToken): Promise<CodeAction[]> {
    // A quick fix asked for before the buffer's own results are in would answer nothing ("the rename did
    // nothing"): answer once they are (a keystroke's run, usually well under a second), or after a grace period.
    const file = uriToPath(params.textDocument.uri);
    if (file && token) await this.diagnostics.whenFresh(file, token, 5000);
    const isFresh = (f: string) => this.diagnostics.isFresh(f);
    const renames = await codeActionsAt(params, this.store, this.docs, this.renamer, this.options.codeActions, isFresh, this.cannotApply);
    const { documentChanges } = this.options.codeActions;
    const fresh = file !== undefined && isFresh(file);
    // Fixes before switches: the edits the findings ask for first (the first of them preferred), turning off last.
    const fixes = [
      ...(fresh ? plannedFixActions(params, this.store, this.docs, documentChanges) : []),
      ...renames,
      ...shipFlattenedActions(params, this.store, this.docs, documentChanges, isFresh),
    ];
    if (fixes.length && !fixes.some((a) => a.isPreferred)) fixes[0] = { ...fixes[0], isPreferred: true };
    return [...fixes, ...(fresh ? turnOffActions(params, this.store, this.docs, this.options.root, documentChanges) : [])];
  }

  resolveCodeAction(action: CodeAction): Promise<CodeAction> {
    return resolveCodeAction(action, this.docs, this.renamer, this.options.codeActions.documentChanges, (f) => this.diagnostics.isFresh(f), this.cannotApply);
  }

  /** A fix that has no edit says why: in the log always, and to the user who picked it. */
  private readonly cannotApply = (message: string, show: boolean): void => {
    toLiveClient(() => this.connection.console.warn(`Tool Schema Lens: ${message}`));
    if (show) toLiveClient(() => this.connection.window.showWarningMessage(`Tool Schema Lens: ${message}`));
  };

  listTools(params: ListToolsParams | undefined): ListToolsResult {
    const tools = this.store.tools();
    const drift = this.snapshotDrift.driftOf(this.settings?.snapshot ?? '', tools);
    return listTools(tools, params, (f) => this.docs.uri(f), { problems: this.store.problemsByTool(), server: this.serverSummary(), drift });
  }

  private snapshotDriftOf?: SnapshotDrift;
  private get snapshotDrift(): SnapshotDrift {
    return (this.snapshotDriftOf ??= new SnapshotDrift(this.options.root, (message) =>
      toLiveClient(() => this.connection.console.warn(`Tool Schema Lens: ${message}`)),
    ));
  }

  /** Code lenses of a file; an open buffer edited since its analysis is answered when the analysis catches up. */
  async codeLenses(uri: string, token: CancellationToken): Promise<CodeLens[]> {
    const file = uriToPath(uri);
    const enabled = () => this.settings?.codeLens.enable !== false;
    if (!file || !enabled()) return [];
    await this.diagnostics.whenFresh(file, token, 5000);
    if (token.isCancellationRequested || !enabled()) return [];
    return codeLensesIn(this.store.tools(), this.store.problemsByTool(), file, uri);
  }

  documentSymbols(uri: string): DocumentSymbol[] {
    const file = uriToPath(uri);
    return file ? documentSymbols(this.store.tools(), this.store.problemsByTool(), file) : [];
  }

  workspaceSymbols(query: string): SymbolInformation[] {
    return workspaceSymbols(this.store.tools(), query, (f) => this.docs.uri(f));
  }

  /** This workspace folder as one server: its registered tools and what they cost together. */
  serverSummary(): ServerSummary {
    const sum = serverTokens(sentTools(this.store.tools()));
    return { name: path.basename(this.options.root), uri: pathToUri(this.options.root), tools: sum.tools, tokens: sum.total, windowShare: sum.windowShare };
  }

  /** The per-server budget needs every tool at once: re-checked over the store after each run. */
  private checkServerBudget(): Set<string> {
    const folder = checkToolSets({
      root: this.options.root,
      tools: this.store.tools(),
      budget: this.settings?.budget,
      severities: this.settings?.severity ?? {},
    });
    const findings = [...this.configProblems, ...(this.tsconfigProblem ? [this.tsconfigProblem] : []), ...folder.diagnostics];
    return this.store.setWorkspaceDiagnostics(findings);
  }

  private refreshCodeLenses(): void {
    if (this.options.codeLensRefresh) sendAndForget(() => this.connection.sendRequest('workspace/codeLens/refresh'));
  }

  pullDiagnostics(uri: string, token: CancellationToken) {
    return this.diagnostics.pull(uri, token);
  }

  /** Stop everything and take the workers down (shutdown, exit, parent gone). */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.debouncer.dispose();
    this.renamer.dispose();
    this.scheduler.cancelAll();
    const pipeline = this.pipeline;
    this.pipeline = undefined;
    await pipeline?.dispose();
  }

  /** Best effort from a synchronous exit hook: starts the pipeline's disposal (its kills are synchronous). */
  disposeNow(): void {
    void this.dispose().catch(() => undefined);
  }

  /** The open buffers under this session's root. */
  openFiles(): string[] {
    return this.docs.openFiles().filter((f) => this.shared.owns(this, f));
  }

  get root(): string {
    return this.options.root;
  }

  /** A buffer of ours opened (in pull mode the client now pulls it). */
  bufferOpened(file: string): void {
    if (!this.disposed) this.diagnostics.opened(file);
  }

  /** Opened, edited or closed (back to the disk text): analyse it and its importers after the quiet period. */
  bufferChanged(file: string): void {
    if (this.disposed) return;
    this.scheduler.cancelRunsTouching([file]);
    this.renamer.invalidate(file);
    if (this.pipeline) this.debouncer.touch(file);
  }

  private logError(what: string, error: unknown): void {
    toLiveClient(() => this.connection.console.error(`Tool Schema Lens: ${what} failed: ${describeError(error)}`));
  }

  private sendStatus(): void {
    // The status bar counts tools the model is offered; an exported schema on its own is not one.
    const tools = this.store.tools().filter((t) => t.kind !== 'exported').length;
    const problems = this.store.problemCount();
    let status: StatusParams;
    if (!this.settings?.enable && this.settings) status = { state: 'disabled', tools: 0, problems: 0 };
    else if (!this.options.trusted) status = { state: 'untrusted', tools, problems };
    else if (this.scheduler.isBusy || !this.firstScanDone) status = { state: 'analysing', tools, problems, detail: this.busyDetail };
    else {
      const failed = this.store.notEvaluated();
      const detail = notEvaluatedText(failed, 'editor');
      status = { state: 'idle', tools, problems, ...(detail ? { notEvaluated: failed.files, detail } : {}) };
    }
    this.shared.status.update(this, status);
  }
}
