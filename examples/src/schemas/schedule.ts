import { z } from 'zod';

export const schedule = z.discriminatedUnion('when', [
  z.object({ when: z.literal('now') }),
  z.object({ when: z.literal('later'), time: z.string().datetime() }).strict(),
]);
