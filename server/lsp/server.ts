/**
 * Wiring: the connection's requests and notifications to the session's features. Every handler is wrapped so
 * that nothing a workspace does (or a bug of ours) takes the server down: a failing request answers with an
 * empty result and a log line.
 */
import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  ErrorCodes,
  ResponseError,
  TextDocumentSyncKind,
  type ClientCapabilities,
  type Connection,
  type InitializeError,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import * as path from 'node:path';
import { ListToolsRequest, RESTART_WORKERS_COMMAND } from '../../protocol';
import { describeError } from './errors';
import { DEFAULT_DEBOUNCE_MS, readInitOptions, SettingsSource } from './settings';
import type { CreatePipeline, LensSession } from './session';
import { Workspaces } from './workspaces';
import { isTrusted, trustDecision, type Transport } from './trust';
import { linkRoot, pathToUri, uriToPath } from './uris';
import { toLiveClient } from './unanswered';
import { registerWatchers } from './watchers';

export interface ServerDeps {
  createPipeline: CreatePipeline;
  transport: Transport;
}

export interface StartedServer {
  workspaces(): Workspaces | undefined;
  /** Take every session's workers down now and let go of the process (a server that shares its process, as in tests). */
  dispose(): void;
}

export function startServer(connection: Connection, deps: ServerDeps): StartedServer {
  let workspaces: Workspaces | undefined;
  let capabilities: ClientCapabilities = {};

  const guard =
    <A extends unknown[], R>(name: string, fallback: R, fn: (...args: A) => R | Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (error) {
        toLiveClient(() => connection.console.error(`Tool Schema Lens: ${name} failed: ${describeError(error)}`));
        return fallback;
      }
    };
  // A notification has no answer: its handler's promise is dropped on purpose (guard already logs a failure).
  const guardNotification =
    <A extends unknown[]>(name: string, fn: (...args: A) => unknown) =>
    (...args: A): void =>
      void guard(name, undefined, fn)(...args);

  connection.onInitialize((params: InitializeParams): InitializeResult | ResponseError<InitializeError> => {
    // The protocol allows one initialize per server. A second one would replace the sessions while the first ones'
    // workers keep running: refused, and the first session carries on.
    if (workspaces)
      return new ResponseError(ErrorCodes.InvalidRequest, 'initialize may be sent only once; this server is already initialized', { retry: false });
    capabilities = params.capabilities;
    const init = readInitOptions(params.initializationOptions);
    connection.console.log(trustDecision(init.isTrusted, deps.transport, init.trustSent));
    const canAsk = capabilities.workspace?.configuration === true;
    const pull = capabilities.textDocument?.diagnostic !== undefined;
    const lazyEdits = capabilities.textDocument?.codeAction?.resolveSupport?.properties?.includes('edit') === true;
    workspaces = new Workspaces(
      connection,
      workspaceRoots(params),
      deps.createPipeline,
      (root) => new SettingsSource(connection, canAsk, pathToUri(root), init.settings, root),
      {
        trusted: isTrusted(init.isTrusted, deps.transport, init.trustSent),
        debounceMs: init.debounceMs ?? DEFAULT_DEBOUNCE_MS,
        hoverFindings: init.hoverFindings,
        commandLinks: init.commandLinks,
        progressSupported: capabilities.window?.workDoneProgress === true,
        codeActions: { lazyEdits, documentChanges: capabilities.workspace?.workspaceEdit?.documentChanges === true },
        codeLensRefresh: capabilities.workspace?.codeLens?.refreshSupport === true,
      },
    );
    for (const session of workspaces.sessions) {
      session.diagnostics.pullMode = pull;
      session.diagnostics.refreshSupported = capabilities.workspace?.diagnostics?.refreshSupport === true;
    }
    workspaces.docs.listen(connection);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        codeLensProvider: { resolveProvider: false },
        documentSymbolProvider: { label: 'Tool Schema Lens' },
        workspaceSymbolProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix], resolveProvider: lazyEdits },
        executeCommandProvider: { commands: [RESTART_WORKERS_COMMAND] },
        ...(pull ? { diagnosticProvider: { identifier: 'tool-schema-lens', interFileDependencies: true, workspaceDiagnostics: false } } : {}),
      },
      serverInfo: { name: 'tool-schema-lens' },
    };
  });

  connection.onInitialized(
    guardNotification('initialized', async () => {
      // Registrations are fire-and-forget: a client that never answers them must not hold up the analysis.
      if (capabilities.workspace?.didChangeConfiguration?.dynamicRegistration) {
        void connection.client.register(DidChangeConfigurationNotification.type, { section: 'toolSchemaLens' }).catch(() => undefined);
      }
      if (capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration) void registerWatchers(connection).catch(() => undefined);
      await workspaces?.each((s) => s.start());
    }),
  );

  connection.onDidChangeConfiguration(guardNotification('didChangeConfiguration', (params) => workspaces?.each((s) => s.settingsChanged(params.settings))));
  connection.onDidChangeWatchedFiles(
    guardNotification('didChangeWatchedFiles', (params) => {
      if (!workspaces) return;
      const bySession = new Map<LensSession, typeof params.changes>();
      for (const change of params.changes) {
        const session = workspaces.forUri(change.uri);
        if (session) bySession.set(session, [...(bySession.get(session) ?? []), change]);
      }
      for (const [session, changes] of bySession) session.watchedFilesChanged(changes);
    }),
  );
  connection.onHover(guard('hover', null, (params) => workspaces?.forUri(params.textDocument.uri)?.hover(params) ?? null));
  connection.onCodeAction(guard('codeAction', [], (params, token) => workspaces?.forUri(params.textDocument.uri)?.codeActions(params, token) ?? []));
  connection.onCodeActionResolve(async (action) => {
    try {
      const file = (action.data as { file?: string } | undefined)?.file;
      return (file && (await workspaces?.sessionFor(file).resolveCodeAction(action))) || action;
    } catch (error) {
      toLiveClient(() => connection.console.error(`Tool Schema Lens: codeAction/resolve failed: ${String(error)}`));
      return action;
    }
  });
  connection.languages.diagnostics.on(
    guard(
      'textDocument/diagnostic',
      { kind: 'full', items: [] } as const,
      (params, token) => workspaces?.forUri(params.textDocument.uri)?.pullDiagnostics(params.textDocument.uri, token) ?? { kind: 'full' as const, items: [] },
    ),
  );
  connection.onCodeLens(
    guard('codeLens', [], (params, token) => workspaces?.forUri(params.textDocument.uri)?.codeLenses(params.textDocument.uri, token) ?? []),
  );
  connection.onDocumentSymbol(
    guard('documentSymbol', [], (params) => workspaces?.forUri(params.textDocument.uri)?.documentSymbols(params.textDocument.uri) ?? []),
  );
  connection.onWorkspaceSymbol(guard('workspaceSymbol', [], (params) => workspaces?.sessions.flatMap((s) => s.workspaceSymbols(params.query)) ?? []));
  connection.onRequest(
    ListToolsRequest,
    guard('listTools', [], (params) => workspaces?.listTools(params) ?? []),
  );
  connection.onExecuteCommand(
    guard('executeCommand', undefined, async (params) => {
      if (params.command === RESTART_WORKERS_COMMAND) await workspaces?.each((s) => s.restartWorkers());
    }),
  );
  connection.onShutdown(
    guard('shutdown', undefined, () =>
      withTimeout(
        workspaces?.each((s) => s.dispose()),
        3000,
      ),
    ),
  );
  const disposeNow = () => workspaces?.sessions.forEach((s) => s.disposeNow());
  connection.onExit(disposeNow);
  // The library exits the process on exit, end of input and a dead parent: take the workers down on every path.
  process.once('exit', disposeNow);

  return {
    workspaces: () => workspaces,
    dispose: () => {
      process.removeListener('exit', disposeNow);
      disposeNow();
    },
  };
}

/** Every workspace folder (or the single root); the working directory when the client names none. */
function workspaceRoots(params: InitializeParams): string[] {
  const folders = (params.workspaceFolders ?? []).map((f) => uriToPath(f.uri)).filter((f): f is string => f !== undefined);
  if (folders.length) return [...new Set(folders.map(linkRoot))];
  const root = params.rootUri ? uriToPath(params.rootUri) : params.rootPath ? path.resolve(params.rootPath) : undefined;
  return [linkRoot(root ?? process.cwd())];
}

async function withTimeout(p: Promise<unknown> | undefined, ms: number): Promise<void> {
  if (!p) return;
  await Promise.race([p.catch(() => undefined), new Promise((r) => setTimeout(r, ms).unref())]);
}
