/**
 * A small recording LSP client for the protocol tests: spawns the built server (`node dist/cli.js lsp --stdio`)
 * or connects to in-memory streams, answers the server's requests (configuration, registrations, progress) and
 * records everything it receives so tests can wait for exactly what they expect.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from '../../server/lsp/server';
import { createPipeline } from '../../server/pipeline';
import {
  WorkDoneProgress,
  IPCMessageReader,
  IPCMessageWriter,
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import type {
  ClientCapabilities,
  CodeAction,
  Diagnostic,
  Hover,
  InitializeResult,
  PublishDiagnosticsParams,
  Range,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';

export const REPO = path.resolve(__dirname, '../..');
export const SERVER = path.join(REPO, 'dist/cli.js');

export interface ClientOptions {
  root: string;
  initializationOptions?: Record<string, unknown>;
  /** The `toolSchemaLens` section answered to workspace/configuration. */
  settings?: Record<string, unknown>;
  /** Announce pull diagnostics (textDocument/diagnostic) support. */
  pull?: boolean;
  /** Announce codeAction/resolve support for `edit`. */
  lazyCodeActions?: boolean;
  /** More workspace folders besides `root` (a multi-root workspace). */
  folders?: string[];
  /** The editor's pid sent in `initialize` (default: this test process; null: none). */
  processId?: number | null;
  /** Environment of the spawned server over this process's own (a fake HOME). */
  env?: Record<string, string>;
}

/**
 * The settings every test client starts from: a server that flattens every tool, so the suites about what
 * flattening does (collisions, key hovers, the rename quick fix) see its findings as diagnostics. A suite
 * about the default passes `flattenUnionInput: 'auto'`.
 */
export const FLATTENING = { flattenUnionInput: true };

export function uriOf(file: string): string {
  return pathToFileURL(file).href;
}

export class TestClient {
  readonly diagnostics: PublishDiagnosticsParams[] = [];
  readonly notifications: Array<{ method: string; params: any }> = [];
  readonly registrations: any[] = [];
  readonly progress: any[] = [];
  readonly logs: string[] = [];
  settings: Record<string, unknown>;
  initializeResult!: InitializeResult;
  private readonly versions = new Map<string, number>();
  private readonly waiters = new Set<() => void>();

  /** An in-process server's end: its sessions' workers taken down, its connection closed. */
  private stopServer?: () => void;

  private constructor(
    readonly connection: ProtocolConnection,
    readonly options: ClientOptions,
    readonly process?: ChildProcess,
  ) {
    this.settings = { ...FLATTENING, ...options.settings };
    (connection as any).onNotification((method: string, params: any) => {
      if (method === 'textDocument/publishDiagnostics') this.diagnostics.push(params);
      else if (method === '$/progress') this.progress.push(params);
      else if (method === 'window/logMessage') this.logs.push(params.message);
      this.notifications.push({ method, params });
      this.wake();
    });
    (connection as any).onRequest((method: string, params: any) => {
      this.notifications.push({ method, params });
      this.wake();
      if (method === 'workspace/configuration') return params.items.map(() => this.settings);
      if (method === 'window/workDoneProgress/create') {
        // $/progress is routed by token, not to the catch-all handler.
        connection.onProgress(WorkDoneProgress.type, params.token, (value) => {
          this.progress.push({ token: params.token, value });
          this.wake();
        });
        return null;
      }
      if (method === 'client/registerCapability') {
        this.registrations.push(...params.registrations);
        return null;
      }
      return null;
    });
    connection.listen();
  }

  /** Spawn the real built server over stdio. */
  static async spawn(options: ClientOptions, extraArgs: string[] = []): Promise<TestClient> {
    const child = spawn(process.execPath, [SERVER, 'lsp', '--stdio', ...extraArgs], {
      cwd: options.root,
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
    });
    child.stderr.on('data', () => undefined);
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const client = new TestClient(connection, options, child);
    await client.initialize();
    return client;
  }

  /** Fork the real built server over Node IPC, as the VS Code extension starts it. */
  static async fork(options: ClientOptions): Promise<TestClient> {
    const child = fork(SERVER, ['lsp', '--node-ipc'], { cwd: options.root, stdio: ['pipe', 'pipe', 'pipe', 'ipc'] });
    child.stdout!.resume();
    child.stderr!.resume();
    const connection = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
    const client = new TestClient(connection, options, child);
    await client.initialize();
    return client;
  }

  /** Spawn the server as if started by another editor process (`processId` in initialize). */
  static spawnWithParent(options: ClientOptions, parentPid: number): Promise<TestClient> {
    return TestClient.spawn({ ...options, processId: parentPid });
  }

  /**
   * The server in this process, from source, over in-memory streams, with the real pipeline and its real worker
   * processes: for suites that test what the server answers rather than its process (start, exit, stdio, trust
   * over IPC, environment), without a process and its bundle's start per session. Never sent `exit`, which ends
   * the process it runs in: shutdown() and kill() take its workers down instead.
   */
  static async inProcess(options: ClientOptions): Promise<TestClient> {
    if (options.env) throw new Error("an in-process server shares this process's environment: spawn one for env");
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    const serverConnection = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
    const server = startServer(serverConnection, { createPipeline, transport: 'stdio' });
    serverConnection.listen();
    const connection = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
    // No processId: the library would watch it with a timer that outlives the session.
    const client = new TestClient(connection, { ...options, processId: null });
    client.stopServer = () => {
      server.dispose();
      serverConnection.dispose();
    };
    await client.initialize();
    return client;
  }

  /** Connect to a server running in this process over in-memory streams. */
  static async connect(options: ClientOptions, input: Readable, output: Writable): Promise<TestClient> {
    const connection = createProtocolConnection(new StreamMessageReader(input), new StreamMessageWriter(output));
    const client = new TestClient(connection, options);
    await client.initialize();
    return client;
  }

  private async initialize(): Promise<void> {
    const capabilities: ClientCapabilities = {
      workspace: {
        configuration: true,
        didChangeConfiguration: { dynamicRegistration: true },
        didChangeWatchedFiles: { dynamicRegistration: true },
        workspaceEdit: { documentChanges: true },
        codeLens: { refreshSupport: true },
        ...(this.options.pull ? { diagnostics: { refreshSupport: true } } : {}),
      },
      window: { workDoneProgress: true },
      textDocument: {
        synchronization: { didSave: true },
        publishDiagnostics: { relatedInformation: true, versionSupport: true },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        codeAction: {
          codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } },
          ...(this.options.lazyCodeActions ? { resolveSupport: { properties: ['edit'] } } : {}),
        },
        ...(this.options.pull ? { diagnostic: { relatedDocumentSupport: false } } : {}),
      },
    };
    this.initializeResult = await this.connection.sendRequest('initialize', {
      processId: this.options.processId === undefined ? process.pid : this.options.processId,
      rootUri: uriOf(this.options.root),
      workspaceFolders: [this.options.root, ...(this.options.folders ?? [])].map((f) => ({ uri: uriOf(f), name: path.basename(f) })),
      capabilities,
      initializationOptions: this.options.initializationOptions,
    });
    await this.connection.sendNotification('initialized', {});
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }

  /** Resolve when `probe` returns a value (checked on every message received), or fail after `timeoutMs`. */
  waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        let value: T | undefined;
        try {
          value = probe();
        } catch (error) {
          finish();
          return reject(error);
        }
        if (value !== undefined) {
          finish();
          resolve(value);
        }
      };
      const poll = setInterval(check, 100);
      const timer = setTimeout(() => {
        finish();
        reject(
          new Error(
            `timed out waiting for ${what}; last diagnostics: ${JSON.stringify(this.diagnostics.slice(-3)).slice(0, 1500)}; server log: ${this.logs.join('\n').slice(-1500)}`,
          ),
        );
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        clearInterval(poll);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** The next diagnostics published for `file` (optionally for a version, and matching a predicate). */
  waitForDiagnostics(
    file: string,
    opts: { version?: number; after?: number; match?: (d: Diagnostic[]) => boolean } = {},
    timeoutMs?: number,
  ): Promise<PublishDiagnosticsParams> {
    const uri = uriOf(file);
    const from = opts.after ?? 0;
    return this.waitFor(
      `diagnostics for ${path.basename(file)}${opts.version !== undefined ? ` v${opts.version}` : ''}`,
      () => {
        for (let i = this.diagnostics.length - 1; i >= from; i--) {
          const p = this.diagnostics[i];
          if (p.uri !== uri) continue;
          if (opts.version !== undefined && p.version !== opts.version) continue;
          if (opts.match && !opts.match(p.diagnostics)) continue;
          return p;
        }
        return undefined;
      },
      timeoutMs,
    );
  }

  /** The latest status notification, once one matches `state` (received after message index `after`). */
  waitForStatus(state: string, after = 0, timeoutMs?: number): Promise<any> {
    return this.waitFor(
      `status ${state}`,
      () => {
        const found = this.notifications
          .slice(after)
          .filter((n) => n.method === 'toolSchemaLens/status')
          .at(-1);
        return found && found.params.state === state ? found.params : undefined;
      },
      timeoutMs,
    );
  }

  /** Everything ever published for a file. */
  publishedFor(file: string): PublishDiagnosticsParams[] {
    const uri = uriOf(file);
    return this.diagnostics.filter((p) => p.uri === uri);
  }

  open(file: string, text = fs.readFileSync(file, 'utf8')): number {
    this.versions.set(file, 1);
    void this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uriOf(file), languageId: 'typescript', version: 1, text },
    });
    return 1;
  }

  /** Replace the whole buffer; returns the new version. */
  change(file: string, text: string): number {
    const version = (this.versions.get(file) ?? 1) + 1;
    this.versions.set(file, version);
    void this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uriOf(file), version },
      contentChanges: [{ text }],
    });
    return version;
  }

  close(file: string): void {
    this.versions.delete(file);
    void this.connection.sendNotification('textDocument/didClose', { textDocument: { uri: uriOf(file) } });
  }

  version(file: string): number | undefined {
    return this.versions.get(file);
  }

  hover(file: string, position: { line: number; character: number }): Promise<Hover | null> {
    return this.connection.sendRequest('textDocument/hover', { textDocument: { uri: uriOf(file) }, position });
  }

  codeActions(file: string, range: Range, diagnostics: Diagnostic[] = []): Promise<CodeAction[]> {
    return this.connection.sendRequest('textDocument/codeAction', { textDocument: { uri: uriOf(file) }, range, context: { diagnostics } });
  }

  request<R = any>(method: string, params?: unknown): Promise<R> {
    return this.connection.sendRequest(method, params);
  }

  notify(method: string, params?: unknown): void {
    void this.connection.sendNotification(method, params);
  }

  /** Change the configuration answered to workspace/configuration and tell the server. */
  configure(settings: Record<string, unknown>): void {
    this.settings = { ...FLATTENING, ...settings };
    this.notify('workspace/didChangeConfiguration', { settings: { toolSchemaLens: this.settings } });
  }

  /** shutdown + exit; resolves with the process's exit code (in-process: null). */
  async shutdown(): Promise<number | null> {
    await this.connection.sendRequest('shutdown');
    if (this.stopServer) {
      this.kill();
      return null;
    }
    const exited = this.process ? new Promise<number | null>((r) => this.process!.once('exit', (code) => r(code))) : Promise.resolve(null);
    void this.connection.sendNotification('exit');
    const code = await exited;
    this.connection.dispose();
    return code;
  }

  kill(): void {
    this.connection.dispose();
    this.stopServer?.();
    this.process?.kill('SIGKILL');
  }
}

/** Apply a WorkspaceEdit to files on disk (the client side of workspace/applyEdit, for a temp copy). */
export function applyEditToDisk(edit: WorkspaceEdit): string[] {
  const byUri = new Map<string, Array<{ range: Range; newText: string }>>();
  for (const change of edit.documentChanges ?? []) {
    if ('kind' in change && change.kind === 'create') {
      const file = new URL(change.uri).pathname;
      if (!fs.existsSync(file)) fs.writeFileSync(file, '');
      continue;
    }
    if (!('textDocument' in change)) throw new Error('only text edits and file creations expected');
    byUri.set(change.textDocument.uri, [...(byUri.get(change.textDocument.uri) ?? []), ...(change.edits as any)]);
  }
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) byUri.set(uri, [...(byUri.get(uri) ?? []), ...edits]);
  const files: string[] = [];
  for (const [uri, edits] of byUri) {
    const file = new URL(uri).pathname;
    files.push(file);
    fs.writeFileSync(file, applyTextEdits(fs.readFileSync(file, 'utf8'), edits));
  }
  return files;
}

export function applyTextEdits(text: string, edits: Array<{ range: Range; newText: string }>): string {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const offset = (p: { line: number; character: number }) => lineStarts[p.line] + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

/** Every live descendant pid of a process (from /proc). */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      const ppid = Number(fields[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/** A process's command line ('' when gone). */
export function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

export function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Copy a fixture to a temp dir, with node_modules linked to the repo's so its imports resolve. */
export function copyFixture(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tsl-${name.replace(/[/\\]/g, '-')}-`));
  fs.cpSync(path.join(REPO, 'test/fixtures', name), dir, { recursive: true });
  // To the real folder: a checkout whose node_modules is itself a link (a worktree sharing one) resolves the same.
  if (!fs.existsSync(path.join(dir, 'node_modules'))) fs.symlinkSync(fs.realpathSync(path.join(REPO, 'node_modules')), path.join(dir, 'node_modules'), 'dir');
  return fs.realpathSync(dir);
}
