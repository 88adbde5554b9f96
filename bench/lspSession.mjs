// The language server as the LSP benches drive it: the built server over stdio, its published diagnostics (with the
// time each arrived), its status, and `until`, which waits for a probe to return a value. The server flattens every
// tool: the benches measure hovers, quick fixes and refreshed findings on collision diagnostics.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter, WorkDoneProgress } = require('vscode-languageserver-protocol/node');

/** `settings`: the toolSchemaLens settings answered to workspace/configuration, over flattening every tool. */
export function startLspSession(cli, root, settings = {}) {
  const server = spawn(process.execPath, [cli, 'lsp', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  const published = [];
  /** The server's log lines (its trace of each run: "analysed main.ts in 812 ms: ..."), with the time each arrived. */
  const logs = [];
  const waiters = new Set();
  const wake = () => waiters.forEach((w) => w());
  const session = { server, connection, published, logs, wake, state: 'starting' };
  connection.onNotification('window/logMessage', (p) => {
    logs.push({ message: p.message, at: performance.now() });
    wake();
  });
  connection.onNotification('textDocument/publishDiagnostics', (p) => {
    published.push({ ...p, at: performance.now() });
    wake();
  });
  connection.onNotification('toolSchemaLens/status', (p) => {
    session.state = p.state;
    wake();
  });
  connection.onRequest('workspace/configuration', (p) => p.items.map(() => ({ flattenUnionInput: true, ...settings })));
  connection.onRequest('window/workDoneProgress/create', (p) => {
    connection.onProgress(WorkDoneProgress.type, p.token, () => undefined);
    return null;
  });
  connection.onRequest('client/registerCapability', () => null);

  /** Resolves with the probe's first defined value, re-probing on every message; rejects after `timeoutMs`. */
  session.until = (what, probe, timeoutMs = 120_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const v = probe();
        if (v !== undefined) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(v);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  /** A probe for the diagnostics published for `uri` at `version`, after message index `from`. */
  session.publishedFor =
    (uri, version, from = 0) =>
    () =>
      published.slice(from).find((p) => p.uri === uri && p.version === version);
  /** A probe that is true once the server says it is idle. */
  session.idle = () => (session.state === 'idle' ? true : undefined);
  return session;
}
