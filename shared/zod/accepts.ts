/** Asking a schema's own copy of zod whether it accepts a value, without knowing which copy or major built it. */
// A namespace import: the runtime package runs on a peer zod whose core may lack a named export (zod 3.25).
import * as core from 'zod/v4/core';
import { isV4, type AnyZod, type Internals } from './read';

/**
 * Whether the schema accepts the value, by the schema's own copy; `undefined` when it cannot say (an async
 * refinement, a check that throws).
 */
export function acceptsValue(schema: AnyZod, value: unknown): boolean | undefined {
  const s = schema as Internals;
  try {
    if (typeof s?.safeParse === 'function') return s.safeParse(value).success === true;
    if (isV4(schema) && typeof core.safeParse === 'function') return core.safeParse(s, value).success === true;
    return undefined;
  } catch {
    return undefined;
  }
}
