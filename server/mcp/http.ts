/**
 * Streamable HTTP on the loopback interface: one SDK transport and one server per session (the session id the
 * transport hands out), every session over the same WorkspacePool. Bound to 127.0.0.1 and, against DNS rebinding,
 * answering only requests addressed to it by that name or `localhost`: a web page the user visits cannot reach it.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request body larger than this is refused: no call of ours needs more. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
export const MCP_PATH = '/mcp';

export interface HttpServing {
  url: string;
  close(): Promise<void>;
}

export async function serveHttp(port: number, newServer: () => McpServer, log: (line: string) => void): Promise<HttpServing> {
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: McpServer }>();
  let allowedHosts: string[] = [];
  const listener = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`HTTP request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) reply(res, 500, -32603, 'Internal error');
      else res.end();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== MCP_PATH) return reply(res, 404, -32000, `Not found: the MCP endpoint is ${MCP_PATH}`);
    const id = req.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? sessions.get(id) : undefined;
    if (existing) {
      if (req.method !== 'POST') return existing.transport.handleRequest(req, res);
      const body = await bodyOf(req, res);
      if (body !== undefined) await existing.transport.handleRequest(req, res, body);
      return;
    }
    if (id !== undefined) return reply(res, 404, -32001, 'Session not found: initialize a new session');
    if (req.method !== 'POST') return reply(res, 400, -32000, 'No session: send an initialize request first');
    const body = await bodyOf(req, res);
    if (body === undefined) return;
    if (!isInitializeRequest(body)) return reply(res, 400, -32000, 'No session: send an initialize request first');
    const server = newServer();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableDnsRebindingProtection: true,
      allowedHosts,
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, { transport, server }),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (listener.address() as AddressInfo).port;
  allowedHosts = [`127.0.0.1:${bound}`, `localhost:${bound}`];
  return {
    url: `http://127.0.0.1:${bound}${MCP_PATH}`,
    async close() {
      await Promise.allSettled([...sessions.values()].map((s) => s.server.close()));
      sessions.clear();
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}

/** The request's JSON body, or undefined once a refusal was sent (too large, not JSON). */
async function bodyOf(req: http.IncomingMessage, res: http.ServerResponse): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      reply(res, 413, -32000, `Request body over ${MAX_BODY_BYTES} bytes`);
      return undefined;
    }
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    reply(res, 400, -32700, 'Parse error: the body is not JSON');
    return undefined;
  }
}

function reply(res: http.ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
