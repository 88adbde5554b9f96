/**
 * The cheap textual gate in front of parsing: only a file that mentions zod, a tool library or the
 * `@toolSchema` tag can hold a tool schema, so every other file is skipped without a parse.
 */
import { LIBRARY_MENTIONS } from '../sdks';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const MENTIONS = new RegExp(['zod', ...LIBRARY_MENTIONS.map(escape), '@toolSchema'].join('|'));

/** True when the text may hold a tool schema and is worth parsing. */
export function mayHoldToolSchemas(text: string): boolean {
  return MENTIONS.test(text);
}
