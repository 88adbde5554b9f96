/**
 * `mcp-handler` (formerly `@vercel/mcp-adapter`): `createMcpHandler(initializeServer, ...)` calls back with
 * an `McpServer`. The recorder runs `initializeServer` with a recording server at creation, built from the
 * MCP server package the handler itself resolves (its companion module).
 */
import { currentSession } from '../evaluate/worker/recorders/session';
import { defineLibrary } from './library';
import { MCP_SERVER, recordingMcpServer } from './mcp';

type AnyClass = new (...args: any[]) => any;

/** `createMcpHandler(initializeServer, ...)`: runs `initializeServer` with a recording server at creation. */
export function mcpHandlerRecorder(real: { createMcpHandler: (...args: any[]) => unknown }, server?: { McpServer?: AnyClass }, hrefs?: { server?: string }) {
  const session = currentSession();
  const createMcpHandler = function createMcpHandler(this: unknown, ...args: any[]) {
    const [initializeServer] = args;
    const Server = server?.McpServer;
    if (typeof initializeServer === 'function' && Server) {
      const Recording = recordingMcpServer(Server, hrefs?.server, session);
      const instance = new Recording({ name: 'mcp-handler', version: '0.0.0' });
      session.track(initializeServer(instance));
    }
    return real.createMcpHandler.apply(this, args);
  };
  return { createMcpHandler };
}

export const mcpHandler = defineLibrary({
  id: 'mcp-handler',
  sdk: 'mcp',
  specifiers: ['mcp-handler', 'mcp-handler/*', '@vercel/mcp-adapter'],
  mentions: ['mcp-handler', '@vercel/mcp-adapter'],
  exports: { createMcpHandler: { kind: 'host', server: MCP_SERVER } },
  shim: {
    entries: ['mcp-handler'],
    exports: ['createMcpHandler'],
    // The MCP server packages a handler may build its servers with, newest first.
    companions: ['@modelcontextprotocol/server', '@modelcontextprotocol/sdk/server/mcp.js'],
  },
  recorder: mcpHandlerRecorder,
});
