import { z } from 'zod';

export const searchQuery = z.discriminatedUnion('scope', [
  z.object({
    scope: z.literal('channel'),
    channelId: z.string(),
    sort: z.enum(['recent', 'relevance']),
  }),
  z.object({
    scope: z.literal('user'),
    userId: z.string(),
    sort: z.enum(['recent', 'alphabetical']),
  }),
]);

/** Reactions changed shape in API version 2, so clients say which one they speak. */
export const reaction = z.discriminatedUnion('version', [
  z.object({ version: z.literal(1), emoji: z.string() }),
  z.object({ version: z.literal(2), emoji: z.string(), skinTone: z.number().int().min(1).max(5) }),
]);
