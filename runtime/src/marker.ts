/**
 * The mark a flattened schema carries so the editor (the evaluation worker) knows the tool ships flattened and can
 * diagnose the original: a non-enumerable property under a registered symbol, so it survives any copy of this
 * package and never shows up in JSON or in the SDK's own reads.
 */
export const FLATTENED = Symbol.for('tool-schema-lens.flattened');

/** What the mark holds: the schema as written, and the options it was flattened with. */
export interface FlattenedOrigin {
  original: unknown;
  options: { params?: unknown; extend?: unknown; collisionWidening?: 'unknown' | 'base-type' | 'type-array' };
}

export function markFlattened(schema: object, origin: FlattenedOrigin): void {
  Object.defineProperty(schema, FLATTENED, { value: origin, enumerable: false, configurable: true });
}

/** The origin of a schema this package flattened, or undefined for any other value. */
export function flattenedOrigin(schema: unknown): FlattenedOrigin | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  return (schema as Record<symbol, FlattenedOrigin | undefined>)[FLATTENED];
}
