/**
 * `tool-schema-lens mcp`: our MCP server on stdin/stdout, or with `--http <port>` on Streamable HTTP bound to the
 * loopback interface only. The folder it starts in is the workspace it analyses (see roots.ts for the client's
 * roots). It lives until its client goes (stdin ends) or it is told to stop, then ends its workers.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as fs from 'node:fs';
import { serveHttp } from './http';
import { createLensMcpServer } from './server';
import { WorkspacePool } from './workspaces';

export interface McpServerOptions {
  /** The folder it analyses (resolved against the working directory). */
  folder: string;
  /** Streamable HTTP on 127.0.0.1 at this port (0: any free port); stdio when absent. */
  httpPort?: number;
  trustRoots: boolean;
}

/** Runs until the client leaves or a signal comes; resolves once every worker has ended. */
export async function runMcpServer(options: McpServerOptions): Promise<void> {
  const log = (line: string) => process.stderr.write(`tool-schema-lens mcp: ${line}\n`);
  const policy = { startFolder: fs.realpathSync(options.folder), trustRoots: options.trustRoots };
  const pool = new WorkspacePool(log);
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  process.once('SIGINT', () => stop());
  process.once('SIGTERM', () => stop());
  let close: () => Promise<void>;
  if (options.httpPort !== undefined) {
    const http = await serveHttp(options.httpPort, () => createLensMcpServer(pool, policy, log), log);
    log(`listening on ${http.url} for ${policy.startFolder}`);
    close = () => http.close();
  } else {
    const server = createLensMcpServer(pool, policy, log);
    const transport = new StdioServerTransport();
    transport.onclose = () => stop();
    process.stdin.once('end', () => stop());
    await server.connect(transport);
    close = () => server.close();
  }
  await stopped;
  await close().catch(() => undefined);
  await pool.dispose();
}
