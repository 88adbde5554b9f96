/**
 * `@modelcontextprotocol/server`, the MCP TypeScript SDK 2.x server package: the same `McpServer` surface
 * as 1.x (recorded by the same subclass), from one entry point.
 */
import { defineLibrary } from './library';
import { MCP_SERVER, mcpRecorder } from './mcp';

export const mcpServer2 = defineLibrary({
  id: 'mcp-server',
  sdk: 'mcp',
  specifiers: ['@modelcontextprotocol/server*'],
  mentions: ['@modelcontextprotocol/server'],
  exports: { McpServer: { kind: 'server', server: MCP_SERVER } },
  shim: { entries: ['@modelcontextprotocol/server'], exports: ['McpServer'] },
  recorder: mcpRecorder,
});
