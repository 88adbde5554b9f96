/**
 * Moving ranges computed on one text of a file onto a newer text of it. An entry that builds the whole server reads
 * every tool file; after a keystroke in one of them, its last findings there are re-placed on the new text at once
 * (the edited file's own run is fast) while the entry's deferred re-run confirms them. The edit is taken as one
 * replaced span (common prefix and suffix): what lies before it stays, what lies after it moves with it, a range
 * reaching into it stretches over the replacement.
 */
import type { Diagnostic, Location, Position, Range, ToolReport } from './types';

/** Maps positions of `from` onto `to`; undefined when the texts are equal (nothing to move). */
export type PositionMap = (p: Position, side: 'start' | 'end') => Position;

export function textShift(from: string, to: string): PositionMap | undefined {
  if (from === to) return undefined;
  const max = Math.min(from.length, to.length);
  let prefix = 0;
  while (prefix < max && from.charCodeAt(prefix) === to.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && from.charCodeAt(from.length - 1 - suffix) === to.charCodeAt(to.length - 1 - suffix)) suffix++;
  const oldEnd = from.length - suffix;
  const newEnd = to.length - suffix;
  const fromLines = lineStarts(from);
  const toLines = lineStarts(to);
  return (p, side) => {
    const offset = offsetAt(fromLines, from.length, p);
    let moved: number;
    // Text inserted exactly at a range's start goes before it; at its end, after it.
    if (offset < prefix || (offset === prefix && side === 'end')) moved = offset;
    else if (offset >= oldEnd) moved = offset + (newEnd - oldEnd);
    else moved = side === 'start' ? prefix : newEnd;
    return positionAt(toLines, moved);
  };
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function offsetAt(starts: number[], length: number, p: Position): number {
  if (p.line >= starts.length) return length;
  const lineEnd = p.line + 1 < starts.length ? starts[p.line + 1] - 1 : length;
  return Math.min(starts[p.line] + p.character, lineEnd);
}

function positionAt(starts: number[], offset: number): Position {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: offset - starts[lo] };
}

function moveRange(r: Range, map: PositionMap): Range {
  return { start: map(r.start, 'start'), end: map(r.end, 'end') };
}

function moveLocation<T extends Location | null>(l: T, file: string, map: PositionMap): T {
  return l && l.file === file ? { ...l, range: moveRange(l.range, map) } : l;
}

/** A diagnostic with whatever of it lies in `file` moved. */
export function rebaseDiagnostic(d: Diagnostic, file: string, map: PositionMap): Diagnostic {
  return {
    ...d,
    ...(d.file === file ? { range: moveRange(d.range, map) } : {}),
    related: d.related.map((r) => ({ ...r, location: moveLocation(r.location, file, map) })),
  };
}

/** Whether any range of the tool lies in `file`. */
export function toolTouches(t: ToolReport, file: string): boolean {
  return t.location.file === file || t.definedAt?.file === file || t.definedAt?.keys.some((k) => k.file === file) === true || t.keys.some((k) => k.declarations.some((l) => l?.file === file));
}

/** A tool with whatever of it lies in `file` moved. */
export function rebaseTool(t: ToolReport, file: string, map: PositionMap): ToolReport {
  const here = t.location.file === file;
  const d = t.definedAt;
  return {
    ...t,
    location: moveLocation(t.location, file, map),
    ...(here && t.nameRange ? { nameRange: moveRange(t.nameRange, map) } : {}),
    ...(here && t.schemaRange ? { schemaRange: moveRange(t.schemaRange, map) } : {}),
    ...(d
      ? {
          definedAt: {
            ...d,
            ...(d.file === file
              ? { range: moveRange(d.range, map), nameRanges: d.nameRanges.map((r) => moveRange(r, map)), schemaRanges: d.schemaRanges.map((r) => moveRange(r, map)) }
              : {}),
            keys: d.keys.map((k) => (k.file === file ? { ...k, range: moveRange(k.range, map) } : k)),
          },
        }
      : {}),
    keys: t.keys.map((k) => ({ ...k, declarations: k.declarations.map((l) => moveLocation(l, file, map)) })),
  };
}
