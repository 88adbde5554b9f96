/**
 * How the extension starts and talks to the bundled language server. The server is the same
 * `dist/cli.js` bundle the CLI ships; the client only wires transport, documents and settings.
 */
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { SHOW_ADVERTISED_SCHEMA_COMMAND, type InitializationOptions } from '../protocol';
import { declaredSettingKeys, explicitSettings } from './explicitSettings';

/** The client id: LanguageClient reads `toolSchemaLens.trace.server` by it. */
export const CLIENT_ID = 'toolSchemaLens';
export const CLIENT_NAME = 'Tool Schema Lens';

const LANGUAGES = ['typescript', 'typescriptreact', 'javascript', 'javascriptreact'];

/** Build (not start) the language client for the server bundle inside the installed extension. */
export function createLanguageClient(context: vscode.ExtensionContext, outputChannel: vscode.OutputChannel): LanguageClient {
  const module = context.asAbsolutePath('dist/cli.js');
  // TransportKind.ipc appends `--node-ipc` (and `--clientProcessId=<pid>`) itself, so the server
  // sees `lsp --node-ipc --clientProcessId=…`.
  const serverOptions: ServerOptions = {
    run: { module, args: ['lsp'], transport: TransportKind.ipc },
    debug: { module, args: ['lsp'], transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };

  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGES.map((language) => ({ scheme: 'file', language })),
    // No fileEvents: the server registers the files it watches itself (server/lsp/watchers.ts), as it does in any editor.
    synchronize: { configurationSection: CLIENT_ID },
    // A function, so a restart after trust is granted sends the new value.
    // VS Code shows a spot's diagnostics in the hover itself: the server's hover leaves them out.
    initializationOptions: (): InitializationOptions => ({ isTrusted: vscode.workspace.isTrusted, hoverFindings: false, commandLinks: true }),
    // The hover's Show schema link runs this one command; no other command link in a hover is trusted.
    markdown: { isTrusted: { enabledCommands: [SHOW_ADVERTISED_SCHEMA_COMMAND] } },
    outputChannel,
    middleware: {
      workspace: {
        // Only what the user set: the server puts it over the project's toolschemalens.config.json.
        configuration: async (params, token, next) => {
          const answers: unknown = await next(params, token);
          if (!Array.isArray(answers)) return answers as never;
          const keys = declaredSettingKeys(context);
          return params.items.map((item, i): unknown =>
            item.section === CLIENT_ID
              ? explicitSettings(CLIENT_ID, keys, item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined)
              : (answers[i] as unknown),
          );
        },
      },
    },
  };

  return new ToolSchemaLensClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
}

/** The library's words for a server that exited cleanly, which it logs as an error on every stop and restart. */
const CLEAN_EXIT = 'Server process exited with code 0.';

class ToolSchemaLensClient extends LanguageClient {
  // vscode-languageclient 9 reports every exit of the server process as an error, a clean one (code 0, after the
  // shutdown it asked for) included: the output channel then read "[Error] … exited with code 0" after each restart.
  override error(message: string, data?: unknown, showNotification?: boolean | 'force'): void {
    if (message === CLEAN_EXIT) {
      this.info('Server process exited cleanly.');
      return;
    }
    super.error(message, data, showNotification);
  }
}
