/**
 * Findings as LSP diagnostics: pushed with the document version they were computed for, or pulled
 * (`textDocument/diagnostic`) by clients that prefer it. Files that are not open are pushed either way.
 */
import {
  DiagnosticSeverity,
  DocumentDiagnosticReportKind,
  type CancellationToken,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type DocumentDiagnosticReport,
} from 'vscode-languageserver';
import type { Diagnostic, ResultStore } from '../pipeline';
import type { OpenDocuments } from './documents';
import { uriToPath } from './uris';
import { sendAndForget } from './unanswered';
import { findingDocsHref } from '../ruleDocs';

export const DIAGNOSTIC_SOURCE = 'tool-schema-lens';

const SEVERITY: Record<Diagnostic['severity'], DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
};

/** What travels in an LSP diagnostic's `data`: the quick fix reads it back. */
export interface DiagnosticData {
  tool?: string;
  path: string[];
  rename?: Diagnostic['rename'];
}

export function toLspDiagnostic(d: Diagnostic, uriOf: (file: string) => string): LspDiagnostic {
  const data: DiagnosticData = { tool: d.tool, path: d.path, rename: d.rename };
  return {
    range: d.range,
    severity: SEVERITY[d.severity],
    code: d.code,
    // The detail a one-line message leaves out: the code's or the client rule's section of the generated docs.
    codeDescription: { href: findingDocsHref(d.code, d.rule, d.targets) },
    source: DIAGNOSTIC_SOURCE,
    message: d.message,
    relatedInformation: relatedOnce(d).map((r) => ({
      location: { uri: uriOf(r.location.file), range: r.location.range },
      message: r.message,
    })),
    data,
  };
}

/** A finding's related places, each place and sentence once, and none that only repeats the finding's own spot. */
function relatedOnce(d: Diagnostic): Diagnostic['related'] {
  const seen = new Set<string>();
  const here = JSON.stringify([d.file, d.range]);
  return d.related.filter((r) => {
    const at = JSON.stringify([r.location.file, r.location.range]);
    const key = `${at}\0${r.message}`;
    if (seen.has(key) || (at === here && r.message === d.message)) return false;
    seen.add(key);
    return true;
  });
}

const RANK: Record<Diagnostic['severity'], number> = { error: 0, warning: 1, information: 2 };

/** Errors before warnings before information, then in reading order: how an editor's hover lists a spot's findings. */
export function errorsFirst(a: Diagnostic, b: Diagnostic): number {
  return RANK[a.severity] - RANK[b.severity] || a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;
}

interface PullWaiter {
  resolve(): void;
}

export class DiagnosticsPublisher {
  /** True when the client pulls diagnostics for open documents (then we push only for the others). */
  pullMode = false;
  refreshSupported = false;
  /** False while analysis is disabled: a pull then answers at once instead of waiting for results that never come. */
  active = true;
  /** Files we have pushed a non-empty set for, so we know what to clear. */
  private readonly pushed = new Set<string>();
  private readonly waiters = new Map<string, PullWaiter[]>();
  private resultIds = 0;

  constructor(
    private readonly connection: Connection,
    private readonly docs: OpenDocuments,
    private readonly store: ResultStore,
  ) {}

  /** Whether the store speaks for the buffer's current text (or for the disk, when not open). */
  isFresh(file: string): boolean {
    const version = this.docs.version(file);
    // No version: not open. Open: fresh only when analysed at this very version (never analysed, or from disk, is none).
    return version === undefined || this.store.analysedVersion(file) === version;
  }

  /** Current diagnostics in a file, in LSP form. */
  lspDiagnostics(file: string): LspDiagnostic[] {
    return [...this.store.diagnosticsIn(file)].sort(errorsFirst).map((d) => toLspDiagnostic(d, (f) => this.docs.uri(f)));
  }

  /** Publish these files' diagnostics; open buffers only when the results are for their current version. */
  publish(files: Iterable<string>): void {
    let pulledChanged = false;
    for (const file of files) {
      const open = this.docs.isOpen(file);
      if (open && !this.isFresh(file)) continue;
      // Whoever waits for this buffer's results (a pull, a code lens request) can answer now.
      if (open && !this.pullMode) this.wake(file);
      if (open && this.pullMode) {
        pulledChanged = true;
        this.wake(file);
        continue;
      }
      const diagnostics = this.lspDiagnostics(file);
      if (diagnostics.length === 0 && !this.pushed.has(file) && !open) continue;
      if (diagnostics.length) this.pushed.add(file);
      else this.pushed.delete(file);
      sendAndForget(() => this.connection.sendDiagnostics({ uri: this.docs.uri(file), version: open ? this.docs.version(file) : undefined, diagnostics }));
    }
    if (pulledChanged && this.refreshSupported) this.refreshPulled();
  }

  /** A buffer opened: in pull mode the client now pulls it, so clear what we pushed while it was closed. */
  opened(file: string): void {
    if (this.pullMode && this.pushed.delete(file)) sendAndForget(() => this.connection.sendDiagnostics({ uri: this.docs.uri(file), diagnostics: [] }));
  }

  // Typed void by the library, the refresh is a request: its promise, when the client fails it, is dropped too.
  private refreshPulled(): void {
    sendAndForget(() => Promise.resolve<unknown>(this.connection.languages.diagnostics.refresh()));
  }

  /** Clear everything we ever published (analysis disabled, shutting down). */
  clearAll(files: Iterable<string>): void {
    for (const file of new Set([...files, ...this.pushed])) {
      sendAndForget(() => this.connection.sendDiagnostics({ uri: this.docs.uri(file), diagnostics: [] }));
    }
    this.pushed.clear();
    if (this.pullMode && this.refreshSupported) this.refreshPulled();
  }

  /** `textDocument/diagnostic`: answer once the results speak for the buffer's current version (or after a grace period). */
  async pull(uri: string, token: CancellationToken, graceMs = 10_000): Promise<DocumentDiagnosticReport> {
    const file = uriToPath(uri);
    if (!file) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
    if (this.active && !this.isFresh(file)) await this.waitFresh(file, token, graceMs);
    return { kind: DocumentDiagnosticReportKind.Full, resultId: String(++this.resultIds), items: this.lspDiagnostics(file) };
  }

  /** Resolves once the results speak for the file's current text, or after `graceMs`, or on cancellation. */
  whenFresh(file: string, token: CancellationToken, graceMs = 10_000): Promise<void> {
    if (!this.active || this.isFresh(file)) return Promise.resolve();
    return this.waitFresh(file, token, graceMs);
  }

  private waitFresh(file: string, token: CancellationToken, graceMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sub.dispose();
        resolve();
      };
      const timer = setTimeout(done, graceMs);
      const sub = token.onCancellationRequested(done);
      const list = this.waiters.get(file) ?? [];
      list.push({ resolve: done });
      this.waiters.set(file, list);
    });
  }

  private wake(file: string): void {
    const list = this.waiters.get(file);
    this.waiters.delete(file);
    for (const w of list ?? []) w.resolve();
  }
}
