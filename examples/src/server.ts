import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { registerMessagingTools } from './tools/messaging';
import { registerModerationTools } from './tools/moderation';
import { SearchTools } from './tools/search';

const server = new McpServer({ name: 'chat-ops', version: '1.0.0' });

registerMessagingTools(server);
registerModerationTools(server);
new SearchTools(server).register();

const transport = new StdioServerTransport();
await server.connect(transport);
console.error('chat-ops MCP server listening on stdio');
