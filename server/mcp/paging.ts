/**
 * Pages of a long answer (a thousand tools' findings), by an opaque cursor. A cursor names the analysis it was cut
 * from: once the files changed, its offsets mean other items, so it is refused with the way out instead of silently
 * skipping or repeating some.
 */
import { createHash } from 'node:crypto';
import { ToolInputError } from './toolError';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export interface Page<T> {
  items: T[];
  /** Where the next page starts; absent on the last. */
  nextCursor?: string;
}

/** `key` says what the items are (the analysis's generation and the call's filters): a cursor of another key is stale. */
export function pageOf<T>(items: readonly T[], key: string, cursor: string | undefined, pageSize = DEFAULT_PAGE_SIZE): Page<T> {
  const digest = createHash('sha256').update(key).digest('base64url').slice(0, 16);
  const offset = cursor === undefined ? 0 : offsetOf(cursor, digest);
  const end = offset + pageSize;
  return {
    items: items.slice(offset, end),
    ...(end < items.length ? { nextCursor: Buffer.from(JSON.stringify({ k: digest, o: end })).toString('base64url') } : {}),
  };
}

function offsetOf(cursor: string, digest: string): number {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const { k, o } = (parsed ?? {}) as { k?: unknown; o?: unknown };
  if (typeof k !== 'string' || typeof o !== 'number' || !Number.isInteger(o) || o < 0)
    throw new ToolInputError('This cursor is not one this server gave; call again without cursor for the first page.');
  if (k !== digest) throw new ToolInputError('The results changed since this cursor was given (files changed, or other filters); call again without cursor.');
  return o;
}
