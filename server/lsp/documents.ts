/**
 * Open buffers: the unsaved text that overrides the disk, their versions, and the per-file debounce that turns a
 * burst of keystrokes into one analysis request.
 */
import { TextDocuments, type Connection } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Overlay } from '../pipeline';
import { pathToUri, uriToPath } from './uris';

export class OpenDocuments {
  readonly documents = new TextDocuments(TextDocument);
  /** Path → URI as the client spelled it, so we answer in the client's own spelling. */
  private readonly uris = new Map<string, string>();

  constructor() {
    // Registered first, so every other listener already sees the file as open (or closed).
    this.documents.onDidOpen((e) => {
      const file = uriToPath(e.document.uri);
      if (file) this.uris.set(file, e.document.uri);
    });
    this.documents.onDidClose((e) => {
      const file = uriToPath(e.document.uri);
      if (file) this.uris.delete(file);
    });
  }

  listen(connection: Connection): void {
    this.documents.listen(connection);
  }

  get(file: string): TextDocument | undefined {
    const uri = this.uris.get(file);
    return uri ? this.documents.get(uri) : undefined;
  }

  isOpen(file: string): boolean {
    return this.get(file) !== undefined;
  }

  /** The open document's version, undefined when the file is not open. */
  version(file: string): number | undefined {
    return this.get(file)?.version;
  }

  /** The client's URI for a file (its own spelling when open). */
  uri(file: string): string {
    return this.uris.get(file) ?? pathToUri(file);
  }

  openFiles(): string[] {
    return [...this.uris.keys()].filter((f) => this.isOpen(f));
  }

  /** A snapshot of every open buffer, to hand to one analysis run. */
  overlays(): Map<string, Overlay> {
    const overlays = new Map<string, Overlay>();
    for (const file of this.openFiles()) {
      const doc = this.get(file)!;
      overlays.set(file, { text: doc.getText(), version: doc.version });
    }
    return overlays;
  }
}

/** Collects files and calls back once per quiet period per file: the keystroke debounce. */
export class FileDebouncer {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly delayMs: number,
    private readonly fire: (files: string[]) => void,
  ) {}

  touch(file: string): void {
    const existing = this.timers.get(file);
    if (existing) clearTimeout(existing);
    this.timers.set(
      file,
      setTimeout(() => {
        this.timers.delete(file);
        this.fire([file]);
      }, this.delayMs),
    );
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
