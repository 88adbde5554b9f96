/**
 * JSON with every object's keys sorted, so the same value prints the same bytes on every machine and in every run:
 * what a committed snapshot and its digests need.
 */
import { createHash } from 'node:crypto';

/** The value with object keys sorted at every depth (arrays keep their order; undefined members dropped as JSON does). */
export function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : sortedKeys(v)));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) Object.defineProperty(out, key, { value: sortedKeys(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Canonical JSON text, indented by two spaces, ending in a newline. */
export function canonicalJson(value: unknown): string {
  return `${JSON.stringify(sortedKeys(value), null, 2)}\n`;
}

/** `sha256-<hex>` of the compact canonical JSON of a value. */
export function digestOf(value: unknown): string {
  return `sha256-${createHash('sha256')
    .update(JSON.stringify(sortedKeys(value)))
    .digest('hex')}`;
}
