import type { Diagnostic } from '../assemble/report';
import type { Range } from '../syntax/places';
import type { PlannedFix, TextOf } from './plan';

/** Patterns written the way the user would: short, and as permissive as the format's everyday use. */
const PATTERNS: Record<string, string> = {
  url: String.raw`/^https?:\/\/\S+$/`,
  email: String.raw`/^[^\s@]+@[^\s@]+\.[^\s@]+$/`,
  uuid: String.raw`/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/`,
};

export function formatPatternFix(d: Diagnostic, textOf: TextOf): PlannedFix | undefined {
  if (d.code !== 'client-rejects' || d.rule !== 'format') return undefined;
  const text = textOf(d.file);
  if (text === undefined) return undefined;
  const written = textIn(text, d.range);
  const call = /^(url|email|uuid)\(\s*\)$/.exec(written ?? '');
  if (!call) return undefined;
  const before = textBefore(text, d.range);
  // `z.url()`: the format is the schema itself; `x.url()`: a check on a string.
  const topLevel = /\bz\.\s*$/.test(before);
  const newText = `${topLevel ? 'string().' : ''}regex(${PATTERNS[call[1]]})`;
  return { title: `Replace \`.${call[1]}()\` with \`.regex(${PATTERNS[call[1]]})\``, edits: [{ file: d.file, range: d.range, newText }] };
}

function offsetOf(text: string, p: Range['start']): number | undefined {
  let at = 0;
  for (let line = 0; line < p.line; line++) {
    at = text.indexOf('\n', at) + 1;
    if (at === 0) return undefined;
  }
  return at + p.character;
}

function textIn(text: string, r: Range): string | undefined {
  const start = offsetOf(text, r.start);
  const end = offsetOf(text, r.end);
  return start === undefined || end === undefined ? undefined : text.slice(start, end);
}

function textBefore(text: string, r: Range): string {
  const start = offsetOf(text, r.start) ?? 0;
  return text.slice(Math.max(0, start - 40), start);
}
