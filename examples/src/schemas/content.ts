import { z } from 'zod';

const textContent = z.object({
  kind: z.literal('text'),
  body: z.string().min(1).max(4000),
});

const photoContent = z.object({
  kind: z.literal('photo'),
  media: z.object({
    url: z.string().url(),
    caption: z.string().optional(),
  }),
});

const albumContent = z.object({
  kind: z.literal('album'),
  media: z.array(z.object({ url: z.string().url() })).min(2).max(10),
});

/** What a message carries: text, one photo, or an album of photos. */
export const messageContent = z.discriminatedUnion('kind', [textContent, photoContent, albumContent]);

export type MessageContent = z.infer<typeof messageContent>;
