import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { reaction, searchQuery } from '../schemas/search';

export class SearchTools {
  constructor(private readonly server: McpServer) {}

  register(): void {
    this.server.registerTool(
      'search_messages',
      {
        description: 'Search messages in a channel or by a user.',
        inputSchema: { query: z.string(), filter: searchQuery, limit: z.number().int().max(100).default(20) },
      },
      async ({ query }) => ({ content: [{ type: 'text', text: `results for ${query}` }] }),
    );

    this.server.tool('react', 'Add a reaction to a message.', { messageId: z.string(), reaction }, async ({ messageId }) => ({
      content: [{ type: 'text', text: `reacted to ${messageId}` }],
    }));
  }
}
