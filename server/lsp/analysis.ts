/**
 * When to analyse what: the background scan of the whole workspace, and the per-edit runs (an edited file plus the
 * files that import it). Runs may overlap; a run that a newer edit made stale is cancelled, and whatever a run
 * computed for a buffer that changed meanwhile is thrown away, so an older version's results never reach the client.
 */
import * as path from 'node:path';
import type { FileReport, Pipeline, ResultStore } from '../pipeline';
import { configProblemMessage, type AnalysisResult } from '../pipeline';

type ConfigProblem = NonNullable<AnalysisResult['configProblem']>;
import type { OpenDocuments } from './documents';

export interface AnalysisListener {
  /** Some files' diagnostics may have changed. */
  results(touched: Set<string>): void;
  /** A run started or ended (for the status bar). */
  busy(active: boolean, detail?: string): void;
  /** Something went wrong in the pipeline itself (never user code: that is a finding). */
  failed(error: unknown): void;
  /** One line about a finished run, for the output channel. */
  trace(line: string): void;
  /** What the last run found wrong with the tsconfig (undefined: nothing), to publish on it. */
  tsconfig?(problem: ConfigProblem | undefined): void;
}

export interface ScanProgress {
  report(done: number, total: number): void;
  done(): void;
}

interface Run {
  files: Set<string>;
  /** Edited files whose change this run follows (a deferred entry run): a newer edit to one of them cancels it. */
  follows?: Set<string>;
  token: { isCancellationRequested: boolean };
  cancellable: boolean;
}

/** Files per pipeline call during the scan: small enough to report progress, large enough to keep workers busy. */
const SCAN_BATCH = 8;

/**
 * A dependent whose last run read more workspace files than this is an entry that builds the whole server: it is
 * re-run once typing pauses (ENTRY_PAUSE_MS after the last edit that reached it), not with every keystroke. The
 * edited file's own run answers the keystroke; see docs/architecture.md (the language server).
 */
const WHOLE_SERVER_READS = 24;
const ENTRY_PAUSE_MS = 700;

export class AnalysisScheduler {
  private seq = 0;
  /** Skipped workspace files already logged (once each per server). */
  private readonly skippedLogged = new Set<string>();
  private scanGeneration = 0;
  private readonly runs = new Set<Run>();
  private scanning = false;
  private entryTimer?: NodeJS.Timeout;
  private readonly pendingEntries = new Set<string>();
  private readonly pendingEdits = new Set<string>();

  constructor(
    private readonly pipeline: () => Pipeline | undefined,
    private readonly docs: OpenDocuments,
    private readonly openFiles: () => string[],
    private readonly store: ResultStore,
    private readonly listener: AnalysisListener,
  ) {}

  get isBusy(): boolean {
    return this.runs.size > 0 || this.scanning;
  }

  /** Analyse every candidate file (and every open buffer not in `skip`) in the background, batch by batch. A newer scan supersedes an older one. */
  async scanAll(progress?: ScanProgress, skip: ReadonlySet<string> = new Set()): Promise<void> {
    const pipeline = this.pipeline();
    if (!pipeline) return progress?.done();
    const generation = ++this.scanGeneration;
    this.scanning = true;
    this.listener.busy(true, 'scanning the workspace');
    try {
      const candidates = await pipeline.listCandidates();
      if (generation !== this.scanGeneration) return;
      const all = [...new Set([...this.openFiles(), ...candidates])];
      // Anything we knew about that is no longer a candidate (deleted, excluded) goes.
      const keep = new Set(all);
      const files = all.filter((f) => !skip.has(f));
      const gone = this.store.originFiles().filter((f) => !keep.has(f));
      if (gone.length) this.listener.results(this.store.remove(gone));
      progress?.report(0, files.length);
      for (let i = 0; i < files.length; i += SCAN_BATCH) {
        if (generation !== this.scanGeneration || this.pipeline() !== pipeline) return;
        const batch = files.slice(i, i + SCAN_BATCH);
        this.listener.busy(true, `${Math.min(i + batch.length, files.length)} of ${files.length} files`);
        try {
          await this.run(pipeline, batch, false);
        } catch (error) {
          // One failing batch (a pipeline bug, never user code) must not hide the rest of the workspace.
          if (!isCancellation(error)) this.listener.failed(error);
        }
        progress?.report(Math.min(i + batch.length, files.length), files.length);
      }
    } catch (error) {
      this.listener.failed(error);
    } finally {
      if (generation === this.scanGeneration) this.scanning = false;
      progress?.done();
      this.listener.busy(this.isBusy);
    }
  }

  /** Analyse files that changed, with every file that imports them. */
  async analyzeChanged(changed: readonly string[]): Promise<void> {
    const pipeline = this.pipeline();
    if (!pipeline) return;
    const files = new Set(changed);
    const entries = new Set<string>();
    for (const f of changed) {
      for (const d of safeDependents(pipeline, f)) (safeReach(pipeline, d) > WHOLE_SERVER_READS ? entries : files).add(d);
    }
    for (const f of files) entries.delete(f);
    this.cancelRunsTouching(changed);
    if (entries.size > 0) this.deferEntries(pipeline, entries, changed);
    try {
      await this.run(pipeline, [...files], true);
    } catch (error) {
      if (!isCancellation(error)) this.listener.failed(error);
    } finally {
      this.listener.busy(this.isBusy);
    }
  }

  /** A buffer changed: any per-edit run that read its old text is now wasted work. */
  cancelRunsTouching(files: readonly string[]): void {
    for (const run of this.runs) {
      if (run.cancellable && files.some((f) => run.files.has(f) || run.follows?.has(f))) run.token.isCancellationRequested = true;
    }
  }

  /** Whole-server entries that read an edited file: run together, once the edits pause. */
  private deferEntries(pipeline: Pipeline, entries: ReadonlySet<string>, changed: readonly string[]): void {
    for (const e of entries) this.pendingEntries.add(e);
    for (const c of changed) this.pendingEdits.add(c);
    clearTimeout(this.entryTimer);
    this.entryTimer = setTimeout(() => {
      this.entryTimer = undefined;
      const files = [...this.pendingEntries];
      const follows = new Set(this.pendingEdits);
      this.pendingEntries.clear();
      this.pendingEdits.clear();
      if (this.pipeline() !== pipeline) return;
      this.run(pipeline, files, true, follows)
        .catch((error) => {
          if (!isCancellation(error)) this.listener.failed(error);
        })
        .finally(() => this.listener.busy(this.isBusy));
    }, ENTRY_PAUSE_MS);
    this.entryTimer.unref?.();
  }

  /** Stop everything in flight (settings changed, disabled, shutting down). */
  cancelAll(): void {
    this.scanGeneration++;
    this.scanning = false;
    clearTimeout(this.entryTimer);
    this.pendingEntries.clear();
    this.pendingEdits.clear();
    for (const run of this.runs) run.token.isCancellationRequested = true;
  }

  private async run(pipeline: Pipeline, files: string[], cancellable: boolean, follows?: Set<string>): Promise<void> {
    if (files.length === 0) return;
    const seq = ++this.seq;
    const overlays = this.docs.overlays();
    const run: Run = { files: new Set(files), token: { isCancellationRequested: false }, cancellable, follows };
    this.runs.add(run);
    this.listener.busy(true);
    // With the texts the run read, an entry's findings in a tool file edited since are moved onto its newer text.
    const texts = new Map([...overlays].map(([f, o]) => [f, o.text] as const));
    // A file nothing is known of yet (the first scan, a new entry) shows its open files' tools as its evaluation
    // judges them; its whole result replaces them. A file already shown keeps its last result until then.
    const early = new Set<string>();
    const handOnEarly = (origin: string, partial: AnalysisResult) => {
      if (run.token.isCancellationRequested || this.pipeline() !== pipeline) return;
      if (this.store.hasOrigin(origin) && !early.has(origin)) return;
      if ([...overlays].some(([f, o]) => this.docs.version(f) !== o.version)) return;
      early.add(origin);
      // Several entries often build the same server: one whose early part says what the open file already shows
      // publishes nothing again.
      const said = (f: string) => JSON.stringify(this.store.diagnosticsIn(f));
      const before = new Map([origin, ...partial.diagnosticsByFile.keys()].map((f) => [f, said(f)] as const));
      const touched = this.store.applyEarly(seq, origin, overlays.get(origin)?.version, partial, texts);
      for (const [f, was] of before) if (touched.has(f) && said(f) === was) touched.delete(f);
      this.listener.results(touched);
    };
    try {
      const started = performance.now();
      const result = await pipeline.analyze(files, overlays, run.token, handOnEarly);
      if (run.token.isCancellationRequested || this.pipeline() !== pipeline) return;
      this.listener.trace(describeRun(files, result.files, performance.now() - started, result.cache));
      for (const s of result.skipped ?? []) {
        if (this.skippedLogged.has(s.file)) continue;
        this.skippedLogged.add(s.file);
        this.listener.trace(`Tool Schema Lens: skipped ${s.file}: ${s.reason}`);
      }
      this.listener.tsconfig?.(result.configProblem);
      if (result.configProblem && !this.skippedLogged.has(result.configProblem.file)) {
        this.skippedLogged.add(result.configProblem.file);
        this.listener.trace(`Tool Schema Lens: ${configProblemMessage(result.configProblem)}`);
      }
      // Never silent: what failed in the check itself, and the finding it may have cost, in the output channel.
      for (const e of result.internalErrors ?? []) this.listener.trace(`Tool Schema Lens: internal error in ${e.file}: ${e.message}`);
      for (const n of result.notRun ?? []) {
        if (this.skippedLogged.has(n.file)) continue;
        this.skippedLogged.add(n.file);
        this.listener.trace(
          `Tool Schema Lens: not run ${n.file}: an entry point whose imports reach no tool library (name it in toolSchemaLens.entryPoints to run it anyway)`,
        );
      }
      // A buffer that changed (or was opened or closed) while this ran: its newer run will speak for it.
      const fresh = files.filter((f) => this.docs.version(f) === overlays.get(f)?.version);
      const versions = new Map(fresh.map((f) => [f, overlays.get(f)?.version] as const));
      this.listener.results(this.store.apply(seq, fresh, versions, result, files, texts));
    } finally {
      this.runs.delete(run);
    }
  }
}

function safeReach(pipeline: Pipeline, file: string): number {
  try {
    return pipeline.reach?.(file) ?? 0;
  } catch {
    return 0;
  }
}

function safeDependents(pipeline: Pipeline, file: string): string[] {
  try {
    return pipeline.dependents(file);
  } catch {
    return [];
  }
}

/** The pipeline throws when a token is cancelled; that is the expected end of a stale run. */
function isCancellation(error: unknown): boolean {
  return error instanceof Error && (error.name === 'CancelledError' || error.constructor?.name === 'CancelledError' || /cancel/i.test(error.message));
}

/** "analysed tools.ts (+1) in 120 ms: discover 10, bundle 50, evaluate 40, engine 5, locate 10", and what the cache answered. */
function describeRun(files: string[], reports: FileReport[], ms: number, cache?: AnalysisResult['cache']): string {
  const sum = { discover: 0, bundle: 0, evaluate: 0, engine: 0, locate: 0 };
  for (const r of reports) for (const k of Object.keys(sum) as Array<keyof typeof sum>) sum[k] += r.timings?.[k] ?? 0;
  const name = files.length ? path.basename(files[0]) + (files.length > 1 ? ` (+${files.length - 1})` : '') : 'nothing';
  const stages = Object.entries(sum)
    .map(([k, v]) => `${k} ${Math.round(v)}`)
    .join(', ');
  const kept = cache?.hits ? `; ${cache.hits} file(s) not run again: unchanged since a run kept in ${cache.dir}` : '';
  return `analysed ${name} in ${Math.round(ms)} ms: ${stages}${kept}`;
}
