/** `tool-schema-lens lsp --stdio | --node-ipc`: the language server's process entry. */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { createPipeline } from '../pipeline/index';
import { startServer } from './server';
import { transportFromArgv } from './trust';

export function runLanguageServer(): void {
  // createConnection reads --stdio / --node-ipc / --socket from argv.
  const connection = createConnection(ProposedFeatures.all);
  startServer(connection, { createPipeline, transport: transportFromArgv(process.argv) });
  connection.listen();
}
