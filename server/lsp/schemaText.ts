/**
 * JSON Schema as hover text: pretty-printed, and when too long, deeper levels collapsed until it fits, so the
 * top of the schema (what the model reads first) always shows.
 */

const MAX_LINES = 60;
const MAX_STRING = 160;

/** Pretty JSON of a schema, at most ~MAX_LINES lines; `truncated` says whether anything was collapsed. */
export function schemaJson(schema: unknown, maxLines = MAX_LINES): { text: string; truncated: boolean } {
  const short = shortenStrings(schema);
  const full = JSON.stringify(short, null, 2) ?? 'undefined';
  if (lineCount(full) <= maxLines) return { text: full, truncated: false };
  let text = full;
  for (let depth = 6; depth >= 1; depth--) {
    text = collapsedJson(short, depth);
    if (lineCount(text) <= maxLines) return { text, truncated: true };
  }
  // Even one level is too long: cut the depth-1 text.
  const lines = text.split('\n');
  return { text: [...lines.slice(0, maxLines - 1), '  …'].join('\n'), truncated: true };
}

/** Pretty JSON with levels below `depth` shown as bare `{…}` / `[…]`. */
function collapsedJson(schema: unknown, depth: number): string {
  return JSON.stringify(collapse(schema, depth), null, 2).replace(/"…(\{…\}|\[…\])"/g, '$1');
}

function lineCount(s: string): number {
  let n = 1;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 10) n++;
  return n;
}

function collapse(value: unknown, depth: number): unknown {
  if (Array.isArray(value)) {
    if (depth <= 0) return value.length ? '…[…]' : [];
    return value.map((v) => collapse(v, depth - 1));
  }
  if (value && typeof value === 'object') {
    if (depth <= 0) return Object.keys(value).length ? '…{…}' : {};
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, collapse(v, depth - 1)]));
  }
  return value;
}

function shortenStrings(value: unknown): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING - 1)}…` : value;
  if (Array.isArray(value)) return value.map(shortenStrings);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shortenStrings(v)]));
  return value;
}

/** A one-line JSON rendering for inline code (variant shapes), cut at `max` characters. */
export function inlineJson(value: unknown, max = 80): string {
  const s = JSON.stringify(value) ?? 'undefined';
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
