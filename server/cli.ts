/**
 * `tool-schema-lens`: the server bundle's entry (`dist/server.js`): the command line (cli/commandLine.ts) on this
 * process's arguments, folder and streams. Exit status: 0 clean, 1 an error-severity finding, 2 bad usage or any
 * failure of our own (never 0 on a crash). Started on a thread as the rename worker, it is that worker instead.
 */
import { createInterface } from 'node:readline/promises';
import { describeFailure, runCommandLine } from './cli/commandLine';
import { isRenameWorker, runRenameWorker } from './pipeline';

function fail(err: unknown): never {
  process.stderr.write(describeFailure(err));
  process.exit(2);
}

if (isRenameWorker()) runRenameWorker();
else runAsCommandLine();

function runAsCommandLine(): void {
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);

  void runCommandLine(process.argv.slice(2), {
    cwd: process.cwd(),
    env: process.env,
    stdout: (text) => new Promise((resolve, reject) => process.stdout.write(text, (err) => (err ? reject(err) : resolve()))),
    stdoutIsTerminal: Boolean(process.stdout.isTTY),
    stderr: (text) => process.stderr.write(text),
    ownsProcess: true,
    startLanguageServer: async () => (await import('./lsp/main')).runLanguageServer(),
    startMcpServer: async (options) => (await import('./mcp/main')).runMcpServer(options),
    // A question needs someone to answer it: only where both stdin and stderr are a terminal.
    ...(process.stdin.isTTY && process.stderr.isTTY ? { confirm } : {}),
  }).then((code) => {
    if (code >= 0) process.exit(code);
  }, fail);
}

async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}
