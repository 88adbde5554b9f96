/** Telling zod schemas (zod 3, zod 4 classic and mini) from everything else. */

export function isZodSchema(value: unknown): boolean {
  if (!value || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const v = value as Record<string, unknown>;
  return typeof v._zod === 'object' || (typeof v._def === 'object' && typeof v.safeParse === 'function');
}
