/**
 * Wiring: the connection's requests and notifications to the session's features. Every handler is wrapped so
 * that nothing a workspace does (or a bug of ours) takes the server down: a failing request answers with an
 * empty result and a log line.
 */
import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  TextDocumentSyncKind,
  type ClientCapabilities,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import * as path from 'node:path';
import { LIST_TOOLS_REQUEST, RESTART_WORKERS_COMMAND, type ListToolsParams } from './protocol';
import { DEFAULT_DEBOUNCE_MS, readInitOptions, SettingsSource } from './settings';
import { LensSession, type CreatePipeline } from './session';
import { isTrusted, type Transport } from './trust';
import { pathToUri, uriToPath } from './uris';
import { registerWatchers } from './watchers';

export interface ServerDeps {
  createPipeline: CreatePipeline;
  transport: Transport;
}

export function startServer(connection: Connection, deps: ServerDeps): { session(): LensSession | undefined } {
  let session: LensSession | undefined;
  let capabilities: ClientCapabilities = {};

  const guard = <A extends unknown[], R>(name: string, fallback: R, fn: (...args: A) => R | Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (error) {
        connection.console.error(`Tool Schema Lens: ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return fallback;
      }
    };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    capabilities = params.capabilities;
    const init = readInitOptions(params.initializationOptions);
    const root = workspaceRoot(params);
    const canAsk = capabilities.workspace?.configuration === true;
    const pull = capabilities.textDocument?.diagnostic !== undefined;
    const lazyEdits = capabilities.textDocument?.codeAction?.resolveSupport?.properties?.includes('edit') === true;
    session = new LensSession(connection, deps.createPipeline, new SettingsSource(connection, canAsk, root ? pathToUri(root) : undefined, init.settings), {
      root: root ?? process.cwd(),
      trusted: isTrusted(init.isTrusted, deps.transport),
      debounceMs: init.debounceMs ?? DEFAULT_DEBOUNCE_MS,
      progressSupported: capabilities.window?.workDoneProgress === true,
      codeActions: { lazyEdits, documentChanges: capabilities.workspace?.workspaceEdit?.documentChanges === true },
    });
    session.diagnostics.pullMode = pull;
    session.diagnostics.refreshSupported = capabilities.workspace?.diagnostics?.refreshSupport === true;
    session.docs.listen(connection);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix], resolveProvider: lazyEdits },
        executeCommandProvider: { commands: [RESTART_WORKERS_COMMAND] },
        ...(pull ? { diagnosticProvider: { identifier: 'tool-schema-lens', interFileDependencies: true, workspaceDiagnostics: false } } : {}),
      },
      serverInfo: { name: 'tool-schema-lens' },
    };
  });

  connection.onInitialized(
    guard('initialized', undefined, async () => {
      // Registrations are fire-and-forget: a client that never answers them must not hold up the analysis.
      if (capabilities.workspace?.didChangeConfiguration?.dynamicRegistration) {
        void connection.client.register(DidChangeConfigurationNotification.type, { section: 'toolSchemaLens' }).catch(() => undefined);
      }
      if (capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration) void registerWatchers(connection).catch(() => undefined);
      await session?.start();
    }),
  );

  connection.onDidChangeConfiguration(
    guard('didChangeConfiguration', undefined, async (params) => {
      if (!session) return;
      await session.settingsChanged(params.settings);
    }),
  );
  connection.onDidChangeWatchedFiles(guard('didChangeWatchedFiles', undefined, (params) => session?.watchedFilesChanged(params.changes)));
  connection.onHover(guard('hover', null, (params) => session?.hover(params) ?? null));
  connection.onCodeAction(guard('codeAction', [], (params) => session?.codeActions(params) ?? []));
  connection.onCodeActionResolve(async (action) => {
    try {
      return (await session?.resolveCodeAction(action)) ?? action;
    } catch (error) {
      connection.console.error(`Tool Schema Lens: codeAction/resolve failed: ${String(error)}`);
      return action;
    }
  });
  connection.languages.diagnostics.on(
    guard('textDocument/diagnostic', { kind: 'full', items: [] } as const, (params, token) =>
      session ? session.pullDiagnostics(params.textDocument.uri, token) : { kind: 'full' as const, items: [] },
    ),
  );
  connection.onRequest(LIST_TOOLS_REQUEST, guard('listTools', [], (params: ListToolsParams | undefined) => session?.listTools(params) ?? []));
  connection.onExecuteCommand(
    guard('executeCommand', undefined, async (params) => {
      if (params.command === RESTART_WORKERS_COMMAND) await session?.restartWorkers();
    }),
  );
  connection.onShutdown(guard('shutdown', undefined, () => withTimeout(session?.dispose(), 3000)));
  connection.onExit(() => session?.disposeNow());
  // The library exits the process on exit, end of input and a dead parent: take the workers down on every path.
  process.once('exit', () => session?.disposeNow());

  return { session: () => session };
}

function workspaceRoot(params: InitializeParams): string | undefined {
  const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
  if (folder) return uriToPath(folder);
  return params.rootPath ? path.resolve(params.rootPath) : undefined;
}

async function withTimeout(p: Promise<unknown> | undefined, ms: number): Promise<void> {
  if (!p) return;
  await Promise.race([p.catch(() => undefined), new Promise((r) => setTimeout(r, ms).unref())]);
}
