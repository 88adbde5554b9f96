import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

// `media` is an object for a single message but an array for a group: flattened, it can only be `unknown`.
export const sendMessageInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), chatId: z.string(), media: z.object({ id: z.string() }).optional() }),
  z.object({ kind: z.literal('mediaGroup'), chatId: z.string(), media: z.array(z.object({ id: z.string() })) }),
]);

export function registerTools(server: McpServer) {
  server.registerTool('send_message', { description: 'Send a message or a media group to a chat.', inputSchema: sendMessageInput }, async (input) => ({
    content: [{ type: 'text', text: `sent to ${input.chatId}` }],
  }));
}
