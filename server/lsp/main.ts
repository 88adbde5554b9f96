/** `tool-schema-lens lsp --stdio | --node-ipc`: the language server's process entry. */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { createPipeline } from '../pipeline';
import { describeError } from './errors';
import { startServer } from './server';
import { transportFromArgv } from './trust';

export function runLanguageServer(): void {
  // createConnection reads --stdio / --node-ipc / --socket from argv.
  const connection = createConnection(ProposedFeatures.all);
  // A bug of ours in some background promise is logged, never the end of the user's editor session.
  process.on('unhandledRejection', (reason) => {
    connection.console.error(`Tool Schema Lens: unhandled rejection: ${describeError(reason)}`);
  });
  startServer(connection, { createPipeline, transport: transportFromArgv(process.argv) });
  connection.listen();
}
