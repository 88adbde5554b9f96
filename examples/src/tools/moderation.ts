import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

// A root union, registered as written: MCP SDK 1.23+ sends it as an empty object (schema-dropped).
const moderation = z.discriminatedUnion('action', [
  z.object({ action: z.literal('mute'), userId: z.string(), minutes: z.number().int().positive() }),
  z.object({ action: z.literal('ban'), userId: z.string(), reason: z.string() }),
]);

export function registerModerationTools(server: McpServer) {
  server.registerTool('moderate', { description: 'Mute or ban a user.', inputSchema: moderation }, async ({ action }) => ({
    content: [{ type: 'text', text: `${action} done` }],
  }));
}
