/**
 * The Tool Schema Lens extension: starts the bundled language server and adds the commands and the
 * status bar. It knows nothing of zod or schemas; everything it shows comes from the server.
 */
import * as vscode from 'vscode';
import { State, type LanguageClient } from 'vscode-languageclient/node';
import { StatusNotification } from '../protocol';
import { CLIENT_NAME, createLanguageClient } from './languageClient';
import { ADVERTISED_SCHEME, AdvertisedSchemaDocuments, SHOW_ADVERTISED_SCHEMA_COMMAND, showAdvertisedSchema } from './showAdvertisedSchema';
import { SHOW_OUTPUT_COMMAND, StatusBar } from './statusBar';
import { COMPARE_SCHEMAS_COMMAND, compareSchemas } from './compareSchemas';
import { REFRESH_TOOLS_COMMAND, ToolsView, TOOLS_VIEW_ID } from './toolsView';

export const RESTART_SERVER_COMMAND = 'toolSchemaLens.restartServer';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel(CLIENT_NAME);
  const statusBar = new StatusBar();
  const documents = new AdvertisedSchemaDocuments();
  const toolsView = new ToolsView(() => client);
  context.subscriptions.push(output, statusBar, documents, toolsView);

  const languageClient = createLanguageClient(context, output);
  client = languageClient;
  context.subscriptions.push(
    languageClient.onNotification(StatusNotification, (status) => {
      statusBar.update(status);
      // The view re-reads the list when an analysis settles (tokens change without the counts), not on every progress step.
      if (status.state === 'idle' || status.state === 'untrusted' || status.state === 'disabled') toolsView.refresh(status);
      if (status.state === 'idle') {
        documents.refresh(languageClient).catch((error) => output.appendLine(`Refreshing schema previews failed: ${String(error)}`));
      }
    }),
    languageClient.onDidChangeState((e) => {
      // A restart passes through Stopped too; the server's next status replaces this.
      if (e.newState === State.Stopped) statusBar.stopped();
    }),
  );

  const restart = async () => {
    statusBar.update({ state: 'starting', tools: 0, problems: 0 });
    try {
      await languageClient.restart();
    } catch (error) {
      output.appendLine(`Restart failed: ${error instanceof Error ? error.message : String(error)}`);
      void vscode.window.showErrorMessage('Tool Schema Lens: the server could not be restarted. See the output for details.');
    }
  };

  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(ADVERTISED_SCHEME, documents),
    vscode.commands.registerCommand(
      SHOW_ADVERTISED_SCHEMA_COMMAND,
      showAdvertisedSchema(() => client, documents),
    ),
    vscode.commands.registerCommand(
      COMPARE_SCHEMAS_COMMAND,
      compareSchemas(() => client, documents),
    ),
    (toolsView.view = vscode.window.createTreeView(TOOLS_VIEW_ID, { treeDataProvider: toolsView })),
    vscode.commands.registerCommand(REFRESH_TOOLS_COMMAND, () => toolsView.refresh()),
    vscode.commands.registerCommand(RESTART_SERVER_COMMAND, restart),
    vscode.commands.registerCommand(SHOW_OUTPUT_COMMAND, () => output.show(true)),
    // The server was started with isTrusted: false; a restart hands it the new trust so analysis starts without a reload.
    vscode.workspace.onDidGrantWorkspaceTrust(restart),
  );

  try {
    await languageClient.start();
  } catch (error) {
    output.appendLine(`The server did not start: ${error instanceof Error ? error.message : String(error)}`);
    statusBar.stopped();
  }
}

export async function deactivate(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) await running.dispose();
}
