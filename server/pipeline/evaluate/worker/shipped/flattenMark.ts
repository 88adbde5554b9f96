/**
 * The runtime package marks each schema it flattened with a non-enumerable property under this symbol, whose
 * value is `{ original, options }`: a tool whose input carries it ships flattened, and the engine judges the
 * original (which holds the unions) the way that package flattened it.
 */
export const FLATTENED_MARK = Symbol.for('tool-schema-lens.flattened');

export interface FlattenMark {
  original: unknown;
  options: Record<string, unknown>;
}

/** The marker on a schema the runtime package flattened; undefined on any other value (never throws). */
export function flattenMarkOf(schema: unknown): FlattenMark | undefined {
  if (!schema || (typeof schema !== 'object' && typeof schema !== 'function')) return undefined;
  try {
    const mark = (schema as Record<symbol, unknown>)[FLATTENED_MARK] as Partial<FlattenMark> | undefined;
    if (!mark || typeof mark !== 'object' || mark.original === undefined) return undefined;
    return { original: mark.original, options: mark.options && typeof mark.options === 'object' ? mark.options : {} };
  } catch {
    return undefined; // a proxy whose reads throw is no marked schema
  }
}
