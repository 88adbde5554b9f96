import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { flattenTool } from '@tool-schema-lens/runtime';
import { z } from 'zod';
import { messageContent } from '../schemas/content';
import { schedule } from '../schemas/schedule';

const replyTarget = z.lazy(() => z.object({ messageId: z.string(), quote: z.boolean().default(false) }));

export function registerMessagingTools(server: McpServer) {
  server.registerTool(
    'send_message',
    {
      description: 'Post a message to a channel.',
      inputSchema: {
        channelId: z.string(),
        content: messageContent,
        replyTo: replyTarget.optional(),
      },
    },
    async ({ channelId, content }) => ({
      content: [{ type: 'text', text: `sent ${content.kind} to ${channelId}` }],
    }),
  );

  // Shipped flattened through the runtime package: the model gets one object, each call is parsed with the union.
  const scheduled = flattenTool(z.object({ channelId: z.string(), text: z.string(), schedule }));
  server.registerTool(
    'schedule_message',
    { description: 'Post a message later.', inputSchema: scheduled.inputSchema },
    scheduled.handler(async ({ channelId }) => ({ content: [{ type: 'text', text: `scheduled for ${channelId}` }] })),
  );
}
