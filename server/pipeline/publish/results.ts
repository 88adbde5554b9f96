import type { AnalysisResult } from '../run/contract';
import type { Diagnostic, FileReport, ToolReport } from '../assemble/report';
import { diagnosticKey, preferRegistrations, withoutUnusedExports } from '../workspace/index';
import { readWorkspaceFile } from '../project/boundedRead';
import type { SeverityOverrides } from '../findings/severities';
import { applySuppressions, suppressionsIn } from '../findings/suppressions';
import { countNotEvaluated, type NotEvaluated } from '../start/notEvaluated';
import { rebaseDiagnostic, rebaseTool, textShift, toolTouches, type PositionMap } from '../assemble/rebase';

/** Several analyses as one: every tool, and every diagnostic once (a registration's finding preferred). */
export function mergeAnalyses(results: Iterable<AnalysisResult>): { tools: ToolReport[]; diagnostics: Diagnostic[] } {
  const tools: ToolReport[] = [];
  const all: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const result of results) {
    // The same tool reached from two roots (or two entries) is one tool.
    for (const file of result.files) {
      for (const t of file.tools) {
        if (seen.has(t.id)) continue;
        seen.add(t.id);
        tools.push(t);
      }
    }
    for (const list of result.diagnosticsByFile.values()) all.push(...list);
  }
  return { tools, diagnostics: preferRegistrations(all) };
}

interface OriginEntry {
  /** Sequence number of the run that produced it: an older run never overwrites a newer one. */
  seq: number;
  report?: FileReport;
  diagnostics: Map<string, Diagnostic[]>;
  /** The buffers' texts the run read (a file not in it was read from disk). */
  read: ReadonlyMap<string, string>;
  /** Files whose ranges here were since moved onto a newer text: that text. */
  rebased: Map<string, string>;
  /** Part of a run still going (applyEarly): never a last good result to keep when the run then fails. */
  early?: true;
}

const NO_TEXTS: ReadonlyMap<string, string> = new Map();

function diskText(file: string): string | undefined {
  const read = readWorkspaceFile(file);
  return 'text' in read ? read.text : undefined;
}

export class ResultStore {
  private readonly origins = new Map<string, OriginEntry>();
  /** Overlay version each file was last analysed at (undefined: from disk). */
  private readonly analysedVersions = new Map<string, number | undefined>();
  /** Findings about the whole workspace at once (a server over its token budget), from no one origin. */
  private workspaceFindings: Diagnostic[] = [];
  /** The buffer text each open file was last analysed at: every origin's ranges in it are kept on this text. */
  private readonly analysedTexts = new Map<string, string>();

  /** Files' texts on disk as last read for their suppression comments; forgotten when the file is analysed again. */
  private readonly diskTexts = new Map<string, string | undefined>();
  /** Analysed files that hold a suppression comment: reported even with no finding left, where one is unused. */
  private readonly withSuppressions = new Set<string>();
  private severities: SeverityOverrides = {};
  /**
   * What the views below derive from the origins, kept until the store changes: a status update, a code lens or a
   * hover reads every file's diagnostics, and merging them per request made each keystroke cost the whole workspace.
   */
  private views?: Views;

  constructor(private readonly readDisk: (file: string) => string | undefined = diskText) {}

  /**
   * Called after every change to what the origins say (and to what the views read: severities, suppressions).
   * With the files whose diagnostics may differ, the other files' merged diagnostics are kept: an edit re-merges
   * its own files, not the whole workspace's (a status update after each keystroke counts every file's problems).
   */
  private changed(files?: Iterable<string>): void {
    const kept = files && this.views?.inFile;
    this.views = undefined;
    if (!kept) return;
    for (const f of files) kept.delete(f);
    // "No tool found here" is judged on every origin's tools, which any change can move.
    for (const f of [...kept.keys()]) if (kept.get(f)?.dependsOnTools) kept.delete(f);
    this.views = { inFile: kept };
  }

  private currentViews(): Views {
    return (this.views ??= { inFile: new Map() });
  }

  /** The user's severities (an unused suppression's, off included); returns the files to publish again. */
  setSeverities(severities: SeverityOverrides): Set<string> {
    this.severities = severities;
    this.changed();
    return this.filesWithDiagnostics();
  }

  /** The text a file's suppression comments are read from: the one its ranges are kept on. */
  private suppressionText(file: string): string | undefined {
    const open = this.analysedTexts.get(file);
    if (open !== undefined) return open;
    if (!this.diskTexts.has(file)) this.diskTexts.set(file, this.readDisk(file));
    return this.diskTexts.get(file);
  }

  /** Replace the workspace-wide findings; returns the files whose diagnostics changed. */
  setWorkspaceDiagnostics(next: Diagnostic[]): Set<string> {
    const before = new Set(this.workspaceFindings.map(diagnosticKey));
    const after = new Set(next.map(diagnosticKey));
    const touched = new Set<string>();
    for (const d of this.workspaceFindings) if (!after.has(diagnosticKey(d))) touched.add(d.file);
    for (const d of next) if (!before.has(diagnosticKey(d))) touched.add(d.file);
    // Every file with a workspace-wide finding before or after is merged again: a finding can change and keep its key.
    const merged = new Set([...this.workspaceFindings, ...next].map((d) => d.file));
    this.workspaceFindings = next;
    this.changed(merged);
    return touched;
  }

  /**
   * Take in one run's result for the `fresh` files it analysed (files whose buffers changed meanwhile are left out).
   * `texts` are the buffers the run read (the language server's overlays): with them, whatever any origin placed in
   * an open file is kept on the text that file was last analysed at (see rebase.ts). Returns every file whose
   * diagnostics may have changed.
   */
  apply(
    seq: number,
    fresh: readonly string[],
    versions: ReadonlyMap<string, number | undefined>,
    result: AnalysisResult,
    analysed: readonly string[] = fresh,
    texts?: ReadonlyMap<string, string>,
  ): Set<string> {
    const registeredBefore = this.hasRegistrations();
    const freshSet = new Set(fresh);
    // Analysed with text that is no longer the buffer's: what this run says about them is dropped, never handed to
    // another origin (that origin would keep the old text's findings on them through later edits and the close).
    const stale = new Set(analysed.filter((f) => !freshSet.has(f)));
    const toolOrigin = new Map<string, string>();
    const reports = new Map<string, FileReport>();
    for (const report of result.files) {
      reports.set(report.file, report);
      for (const tool of report.tools) if (!toolOrigin.has(tool.id)) toolOrigin.set(tool.id, report.file);
    }
    const next = new Map<string, OriginEntry>();
    for (const file of fresh) {
      const current = this.origins.get(file);
      if (current && current.seq > seq) continue;
      next.set(file, { seq, report: reports.get(file), diagnostics: new Map(), read: texts ?? NO_TEXTS, rebased: new Map() });
    }
    const fallbackOrigin = fresh[0];
    for (const [file, diagnostics] of result.diagnosticsByFile) {
      for (const d of diagnostics) {
        const fromTool = d.toolId ? toolOrigin.get(d.toolId) : undefined;
        if ((fromTool && stale.has(fromTool)) || (!(fromTool && freshSet.has(fromTool)) && stale.has(file))) continue;
        const origin = fromTool && freshSet.has(fromTool) ? fromTool : freshSet.has(file) ? file : fallbackOrigin;
        const entry = origin ? next.get(origin) : undefined;
        if (!entry) continue;
        const list = entry.diagnostics.get(file) ?? [];
        list.push(d);
        entry.diagnostics.set(file, list);
      }
    }
    // A run that failed and lost tools keeps the last good ones, marked stale, until a run succeeds: a time-out on a
    // busy machine or a half-typed line must not make a server's tools vanish. The failure is reported beside them.
    const failures = new Map<string, Map<string, Diagnostic[]>>();
    for (const [origin, entry] of next) {
      const old = this.origins.get(origin);
      const failed = entry.report?.failed;
      if (!old?.report || old.early || !entry.report || !failed || failed === 'untrusted' || entry.report.tools.length >= old.report.tools.length) continue;
      failures.set(origin, entry.diagnostics);
      const kept = new Map<string, Diagnostic[]>();
      for (const [f, list] of old.diagnostics)
        kept.set(
          f,
          list.filter((d) => d.code !== 'evaluation-failed'),
        );
      const tools = old.report.tools.map((t) => (t.stale ? t : { ...t, stale: true }));
      next.set(origin, { ...old, seq, report: { ...entry.report, tools }, diagnostics: kept });
    }
    const touched = new Set<string>();
    for (const [origin, entry] of next) {
      const old = this.origins.get(origin);
      if (old) for (const f of old.diagnostics.keys()) touched.add(f);
      for (const f of entry.diagnostics.keys()) touched.add(f);
      touched.add(origin);
      if (entry.report || entry.diagnostics.size > 0) this.origins.set(origin, entry);
      else this.origins.delete(origin);
      this.analysedVersions.set(origin, versions.get(origin));
    }
    if (texts) for (const f of this.rebase(fresh, texts, next.values())) touched.add(f);
    // The failure itself is on the text this run read, which the kept results were just moved onto.
    for (const [origin, diagnostics] of failures) {
      const entry = this.origins.get(origin);
      if (!entry) continue;
      for (const [f, list] of diagnostics) {
        entry.diagnostics.set(f, [...(entry.diagnostics.get(f) ?? []), ...list]);
        touched.add(f);
      }
    }
    this.changed(touched);
    // The first registration found (or the last one gone) hides (or shows) every file's exported schemas.
    const registrationsFlipped = this.hasRegistrations() !== registeredBefore;
    if (registrationsFlipped) for (const f of this.filesWithDiagnostics()) touched.add(f);
    for (const f of [...touched, ...fresh]) {
      this.diskTexts.delete(f);
      const text = this.suppressionText(f);
      if (text !== undefined && suppressionsIn(text).length > 0) this.withSuppressions.add(f);
      else this.withSuppressions.delete(f);
      touched.add(f);
    }
    this.changed(registrationsFlipped ? undefined : touched);
    return touched;
  }

  /**
   * Keep every origin's ranges in an open file on the text that file was last analysed at: every origin's in the
   * files just analysed, and the new origins' in every open file analysed before (an entry run that read an older
   * text of a tool file). Returns the files whose ranges moved.
   */
  private rebase(fresh: readonly string[], texts: ReadonlyMap<string, string>, added: Iterable<OriginEntry>): Set<string> {
    for (const f of fresh) {
      const text = texts.get(f);
      if (text === undefined) this.analysedTexts.delete(f);
      else this.analysedTexts.set(f, text);
    }
    const moved = new Set<string>();
    const disk = new Map<string, string | undefined>();
    const textOf = (file: string, text: string | undefined) => {
      if (text !== undefined) return text;
      if (!disk.has(file)) disk.set(file, this.readDisk(file));
      return disk.get(file);
    };
    // One map per pair of texts: every origin that read the same old text moves the same way.
    const maps = new Map<string, Map<string | undefined, PositionMap | undefined>>();
    const move = (entry: OriginEntry, file: string) => {
      const target = this.analysedTexts.get(file);
      const base = entry.rebased.get(file) ?? entry.read.get(file);
      if (base === target || !entryTouches(entry, file)) return;
      const to = textOf(file, target);
      if (to === undefined) return;
      const byBase = maps.get(file) ?? new Map<string | undefined, PositionMap | undefined>();
      maps.set(file, byBase);
      if (!byBase.has(base)) {
        const from = textOf(file, base);
        byBase.set(base, from === undefined ? undefined : textShift(from, to));
      }
      const map = byBase.get(base);
      entry.rebased.set(file, to);
      if (map) {
        moveEntry(entry, file, map);
        moved.add(file);
      }
    };
    const freshSet = new Set(fresh);
    for (const entry of this.origins.values()) for (const f of freshSet) move(entry, f);
    for (const entry of added) for (const f of this.analysedTexts.keys()) if (!freshSet.has(f)) move(entry, f);
    return moved;
  }

  /** True when some origin recorded a registration: exported schemas are then reported only through their tools. */
  private hasRegistrations(): boolean {
    const views = this.currentViews();
    views.registered ??= [...this.origins.values()].some((entry) => entry.report?.tools.some((t) => t.kind === 'registration'));
    return views.registered;
  }

  /**
   * Take in part of a run still going: `origin`'s tools judged so far in open files (the pipeline's `early` listener).
   * Applied like a result, but never kept as a last good one; the run's own result replaces it.
   */
  applyEarly(seq: number, origin: string, version: number | undefined, partial: AnalysisResult, texts?: ReadonlyMap<string, string>): Set<string> {
    const touched = this.apply(seq, [origin], new Map([[origin, version]]), partial, [origin], texts);
    const entry = this.origins.get(origin);
    if (entry?.seq === seq) entry.early = true;
    return touched;
  }

  /** Whether some run's result for this analysed file is kept. */
  hasOrigin(file: string): boolean {
    return this.origins.has(file);
  }

  /** Forget origins (deleted files, files no longer candidates); returns the files whose diagnostics change. */
  remove(origins: Iterable<string>): Set<string> {
    const touched = new Set<string>();
    const registeredBefore = this.hasRegistrations();
    for (const origin of origins) {
      const old = this.origins.get(origin);
      if (!old) continue;
      for (const f of old.diagnostics.keys()) touched.add(f);
      this.origins.delete(origin);
      this.analysedVersions.delete(origin);
      if (this.withSuppressions.delete(origin)) touched.add(origin);
      this.diskTexts.delete(origin);
    }
    this.changed(touched);
    if (this.hasRegistrations() !== registeredBefore) {
      for (const f of this.filesWithDiagnostics()) touched.add(f);
      this.changed();
    }
    return touched;
  }

  /** Drop everything (analysis disabled). Returns the files that had diagnostics. */
  clear(): Set<string> {
    const touched = this.remove([...this.origins.keys()]);
    for (const f of this.setWorkspaceDiagnostics([])) touched.add(f);
    this.analysedVersions.clear();
    this.analysedTexts.clear();
    this.diskTexts.clear();
    for (const f of this.withSuppressions) touched.add(f);
    this.withSuppressions.clear();
    this.changed();
    return touched;
  }

  analysedVersion(file: string): number | undefined {
    return this.analysedVersions.get(file);
  }

  originFiles(): string[] {
    return [...this.origins.keys()];
  }

  /** Diagnostics lying in `file`, from every origin, once each (a registration's finding wins over its exported schema's). */
  diagnosticsIn(file: string): readonly Diagnostic[] {
    const views = this.currentViews();
    let merged = views.inFile.get(file);
    if (!merged) views.inFile.set(file, (merged = this.mergedIn(file, views)));
    return merged.shown;
  }

  private mergedIn(file: string, views: Views): MergedFile {
    // Every origin's diagnostics by the file they lie in, in origin order: gathered once per change, not per file.
    views.lying ??= lyingIn(this.origins.values(), this.workspaceFindings);
    const all = views.lying.get(file) ?? [];
    const merged = withoutUnusedExports(preferRegistrations(all), this.hasRegistrations());
    // "No tool found here" from a run that saw this file alone is wrong once another run placed a tool here (a base
    // class whose method registers, analysed in another batch than the files that use it): judged on merged results.
    const dependsOnTools = merged.some((d) => d.code === 'no-tools-found');
    const shown = dependsOnTools && this.tools().some((t) => t.location.file === file) ? merged.filter((d) => d.code !== 'no-tools-found') : merged;
    return {
      shown: this.withSuppressions.has(file) ? applySuppressions(file, this.suppressionText(file), shown, this.severities) : shown,
      dependsOnTools,
    };
  }

  /** Every file that currently has diagnostics. */
  filesWithDiagnostics(): Set<string> {
    const files = new Set<string>();
    for (const entry of this.origins.values()) for (const [f, list] of entry.diagnostics) if (list.length) files.add(f);
    for (const d of this.workspaceFindings) files.add(d.file);
    for (const f of this.withSuppressions) files.add(f);
    return files;
  }

  /** Every tool known, with the file whose analysis reported it. */
  tools(): readonly ToolReport[] {
    const views = this.currentViews();
    views.tools ??= this.mergedTools();
    return views.tools;
  }

  private mergedTools(): ToolReport[] {
    const out: ToolReport[] = [];
    const registered = this.hasRegistrations();
    // A tool reached from two origins (two entry points, or an entry and its own file) is one tool, on the server the
    // program's start built when some origin saw it (its own file's run only had a stand-in).
    const seen = new Map<string, number>();
    for (const entry of this.origins.values()) {
      for (const tool of entry.report?.tools ?? []) {
        const id = tool.id;
        if (registered && tool.kind === 'exported') continue;
        const at = seen.get(id);
        if (at === undefined) {
          seen.set(id, out.length);
          out.push(tool);
        } else if (tool.server && !tool.server.synthetic && (!out[at].server || out[at].server.synthetic)) out[at] = { ...out[at], server: tool.server };
      }
    }
    return out;
  }

  /** Files that did not evaluate in their latest run (a partial result is never silent). */
  notEvaluated(): NotEvaluated {
    const failed: Diagnostic[] = [];
    for (const file of this.filesWithDiagnostics()) for (const d of this.diagnosticsIn(file)) if (d.code === 'evaluation-failed') failed.push(d);
    return countNotEvaluated(failed);
  }

  problemCount(): number {
    const views = this.currentViews();
    views.problems ??= this.countProblems();
    return views.problems;
  }

  private countProblems(): number {
    let n = 0;
    for (const file of this.filesWithDiagnostics()) n += this.diagnosticsIn(file).length;
    return n;
  }

  /** Problems per tool id, over every file: what a code lens, a symbol and the Tools view count (two servers' `search` apart). */
  problemsByTool(): ReadonlyMap<string, ProblemCounts> {
    const views = this.currentViews();
    views.byTool ??= this.countByTool();
    return views.byTool;
  }

  private countByTool(): Map<string, ProblemCounts> {
    const out = new Map<string, ProblemCounts>();
    for (const file of this.filesWithDiagnostics()) {
      for (const d of this.diagnosticsIn(file)) {
        if (!d.toolId) continue;
        const counts = out.get(d.toolId) ?? { errors: 0, warnings: 0, infos: 0 };
        if (d.severity === 'error') counts.errors++;
        else if (d.severity === 'warning') counts.warnings++;
        else counts.infos++;
        out.set(d.toolId, counts);
      }
    }
    return out;
  }
}

/** Views of the store derived from its origins, each made on first use after a change. */
interface Views {
  /** Each origin's diagnostics (and the workspace-wide ones) by the file they lie in. */
  lying?: Map<string, Diagnostic[]>;
  /** Each file's merged diagnostics, kept across changes to other files (`changed`). */
  inFile: Map<string, MergedFile>;
  registered?: boolean;
  tools?: ToolReport[];
  problems?: number;
  byTool?: Map<string, ProblemCounts>;
}

interface MergedFile {
  shown: Diagnostic[];
  /** Whether what is shown depends on every origin's tools (a "no tool found here"). */
  dependsOnTools: boolean;
}

function lyingIn(origins: Iterable<OriginEntry>, workspaceFindings: readonly Diagnostic[]): Map<string, Diagnostic[]> {
  const byFile = new Map<string, Diagnostic[]>();
  const add = (file: string, list: readonly Diagnostic[]) => {
    const here = byFile.get(file);
    if (here) here.push(...list);
    else byFile.set(file, [...list]);
  };
  for (const entry of origins) for (const [file, list] of entry.diagnostics) add(file, list);
  for (const d of workspaceFindings) add(d.file, [d]);
  return byFile;
}

export interface ProblemCounts {
  errors: number;
  warnings: number;
  infos: number;
}

/** Whether an origin placed anything in `file`: a diagnostic, a related location, a tool's range. */
function entryTouches(entry: OriginEntry, file: string): boolean {
  if (entry.diagnostics.get(file)?.length) return true;
  for (const list of entry.diagnostics.values()) if (list.some((d) => d.related.some((r) => r.location.file === file))) return true;
  return entry.report?.tools.some((t) => toolTouches(t, file)) === true;
}

/** Move what an origin placed in `file`: its diagnostics there, related locations there, its tools' ranges there. */
function moveEntry(entry: OriginEntry, file: string, map: PositionMap): void {
  const here = entry.diagnostics.get(file);
  if (here?.length)
    entry.diagnostics.set(
      file,
      here.map((d) => rebaseDiagnostic(d, file, map)),
    );
  // A finding elsewhere can point here (related information).
  for (const [f, list] of entry.diagnostics) {
    if (f !== file && list.some((d) => d.related.some((r) => r.location.file === file)))
      entry.diagnostics.set(
        f,
        list.map((d) => rebaseDiagnostic(d, file, map)),
      );
  }
  const report = entry.report;
  if (report?.tools.some((t) => toolTouches(t, file))) {
    entry.report = { ...report, tools: report.tools.map((t) => (toolTouches(t, file) ? rebaseTool(t, file, map) : t)) };
  }
}
