/**
 * One session per workspace folder (multi-root workspaces), sharing the open buffers, the trust notice and the
 * status bar. Every file belongs to the innermost folder that holds it; a file outside all folders to the first.
 */
import * as path from 'node:path';
import type { Connection } from 'vscode-languageserver';
import { OpenDocuments } from './documents';
import type { ListToolsParams, ListToolsResult } from '../../protocol';
import { LensSession, type CreatePipeline, type SessionOptions, type SessionShared } from './session';
import type { SettingsSource } from './settings';
import { StatusAggregator, StatusReporter } from './status';
import { TrustNotice } from './trust';
import { uriToPath } from './uris';

export class Workspaces {
  readonly docs = new OpenDocuments();
  readonly sessions: LensSession[] = [];
  private readonly shared: SessionShared;

  constructor(
    connection: Connection,
    roots: string[],
    createPipeline: CreatePipeline,
    settingsFor: (root: string) => SettingsSource,
    options: Omit<SessionOptions, 'root'>,
  ) {
    this.shared = {
      docs: this.docs,
      trustNotice: new TrustNotice(connection),
      status: new StatusAggregator(new StatusReporter(connection)),
      owns: (session, file) => this.sessionFor(file) === session,
    };
    for (const root of roots) this.sessions.push(new LensSession(connection, createPipeline, settingsFor(root), { ...options, root }, this.shared));
    // onDidChangeContent also fires on open: one listener for open, edit and close; open adds the pull hand-over.
    this.docs.documents.onDidOpen((e) => this.route(e.document.uri, (s, f) => s.bufferOpened(f)));
    this.docs.documents.onDidChangeContent((e) => this.route(e.document.uri, (s, f) => s.bufferChanged(f)));
    this.docs.documents.onDidClose((e) => this.route(e.document.uri, (s, f) => s.bufferChanged(f)));
  }

  /** The session whose root is the innermost folder holding `file`. */
  sessionFor(file: string): LensSession {
    let best = this.sessions[0];
    let bestLength = -1;
    for (const s of this.sessions) {
      const rel = path.relative(s.root, file);
      const inside = rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
      if (inside && s.root.length > bestLength) {
        best = s;
        bestLength = s.root.length;
      }
    }
    return best;
  }

  /** The session for a document URI (undefined for non-file URIs). */
  forUri(uri: string): LensSession | undefined {
    const file = uriToPath(uri);
    return file ? this.sessionFor(file) : undefined;
  }

  listTools(params: ListToolsParams | undefined): ListToolsResult {
    if (params?.uri) return this.forUri(params.uri)?.listTools(params) ?? [];
    return this.sessions.flatMap((s) => s.listTools(params));
  }

  async each(fn: (s: LensSession) => unknown): Promise<void> {
    await Promise.all(
      this.sessions.map(async (s) => {
        await fn(s);
      }),
    );
  }

  private route(uri: string, fn: (s: LensSession, file: string) => void): void {
    const file = uriToPath(uri);
    if (file) fn(this.sessionFor(file), file);
  }
}
