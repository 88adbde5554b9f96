/** `tool-schema-lens lsp --stdio | --node-ipc`: the language server's process entry. */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { createPipeline } from '../pipeline';
import { describeError } from './errors';
import { guardFrames } from './frameGuard';
import { startServer } from './server';
import { transportFromArgv } from './trust';
import { toLiveClient } from './unanswered';

export function runLanguageServer(): void {
  const transport = transportFromArgv(process.argv);
  // Over stdio the framing is checked first (frameGuard.ts): a broken frame ends the server with an error instead
  // of leaving it deaf. Otherwise createConnection reads --node-ipc / --socket from argv.
  const connection =
    transport === 'stdio'
      ? createConnection(
          ProposedFeatures.all,
          guardFrames(process.stdin, (reason) => exitOnBrokenInput(reason)),
          process.stdout,
        )
      : createConnection(ProposedFeatures.all);
  // A bug of ours in some background promise is logged, never the end of the user's editor session.
  process.on('unhandledRejection', (reason) => {
    toLiveClient(() => connection.console.error(`Tool Schema Lens: unhandled rejection: ${describeError(reason)}`));
  });
  startServer(connection, { createPipeline, transport });
  connection.listen();
}

/** The client sent bytes that are not the protocol: say so where the client logs stderr, and exit so it restarts us. */
function exitOnBrokenInput(reason: string): void {
  process.stderr.write(`Tool Schema Lens: the client sent ${reason}; exiting so that it can restart the server\n`);
  process.exit(1);
}
