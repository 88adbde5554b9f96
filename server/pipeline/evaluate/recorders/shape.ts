/**
 * Telling zod schemas from raw shapes, and turning a raw shape into the object an SDK would build from it
 * with the zod its values come from.
 */

export function isZodSchema(value: unknown): boolean {
  if (!value || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const v = value as Record<string, unknown>;
  return typeof v._zod === 'object' || (typeof v._def === 'object' && typeof v.safeParse === 'function');
}

/** `{ a: z.string() }`: a plain object whose values are all zod schemas (an empty object counts). */
export function isRawShape(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object' || isZodSchema(value)) return false;
  return Object.values(value).every(isZodSchema);
}

/** z.object(shape) with the zod of the shape's values; undefined when that zod cannot be reached. */
export function objectFromShape(shape: Record<string, unknown>, zodFor: (schema: unknown) => ZodLike | undefined): unknown {
  const first = Object.values(shape)[0];
  const z = first ? zodFor(first) : undefined;
  return z ? z.object(shape) : undefined;
}

export interface ZodLike {
  object(shape: Record<string, unknown>): unknown;
}

/** The input as the SDK would see it: raw shapes become objects. */
export function asInputSchema(value: unknown, zodFor: (schema: unknown) => ZodLike | undefined): unknown {
  if (value === undefined || value === null) return undefined;
  return isRawShape(value) && Object.keys(value).length > 0 ? (objectFromShape(value, zodFor) ?? value) : value;
}
