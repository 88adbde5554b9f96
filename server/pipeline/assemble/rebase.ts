/**
 * Moving ranges computed on one text of a file onto a newer text of it. An entry that builds the whole server reads
 * every tool file; after a keystroke in one of them, its last findings there are re-placed on the new text at once
 * (the edited file's own run is fast) while the entry's deferred re-run confirms them. The edit is read as replaced
 * spans (a character diff): what lies between them keeps its place in the text, a range reaching into a replaced
 * span stretches over the replacement.
 */
import { diffChars } from 'diff';
import type { Diagnostic, ToolReport } from './report';
import type { Location, Position, Range } from '../syntax/places';

/** Maps positions of `from` onto `to`; undefined when the texts are equal (nothing to move). */
export type PositionMap = (p: Position, side: 'start' | 'end') => Position;

/** One replaced span: `from`'s [oldStart, oldEnd) became `to`'s [newStart, newEnd). */
interface Hunk {
  oldStart: number;
  oldEnd: number;
  newStart: number;
  newEnd: number;
}

/** Edits larger than this (a paste, a reformat) are taken as one replaced span: the diff would cost more than it helps. */
const MAX_EDIT_LENGTH = 400;
const MAX_DIFFED_LENGTH = 1 << 20;

export function textShift(from: string, to: string): PositionMap | undefined {
  if (from === to) return undefined;
  const hunks = diffHunks(from, to);
  const fromLines = lineStarts(from);
  const toLines = lineStarts(to);
  return (p, side) => positionAt(toLines, moveOffset(hunks, offsetAt(fromLines, from.length, p), side));
}

function moveOffset(hunks: readonly Hunk[], offset: number, side: 'start' | 'end'): number {
  let delta = 0;
  for (const h of hunks) {
    if (offset < h.oldStart) break;
    // Text inserted exactly at a range's start goes before it; at its end, after it.
    if (offset === h.oldStart && (side === 'end' || h.oldEnd > h.oldStart)) return h.newStart;
    if (offset < h.oldEnd) return side === 'start' ? h.newStart : h.newEnd;
    delta = h.newEnd - h.oldEnd;
  }
  return offset + delta;
}

/** The replaced spans between two texts, in order: a character diff for an edit of keystroke size, else one span. */
function diffHunks(from: string, to: string): Hunk[] {
  const changes = from.length + to.length <= MAX_DIFFED_LENGTH ? diffChars(from, to, { maxEditLength: MAX_EDIT_LENGTH }) : undefined;
  if (!changes) return [oneSpan(from, to)];
  const hunks: Hunk[] = [];
  let oldPos = 0;
  let newPos = 0;
  let open: Hunk | undefined;
  for (const c of changes) {
    if (!c.added && !c.removed) {
      if (open) hunks.push(open);
      open = undefined;
      oldPos += c.value.length;
      newPos += c.value.length;
      continue;
    }
    open ??= { oldStart: oldPos, oldEnd: oldPos, newStart: newPos, newEnd: newPos };
    if (c.removed) open.oldEnd = oldPos += c.value.length;
    else open.newEnd = newPos += c.value.length;
  }
  if (open) hunks.push(open);
  return hunks;
}

/** Common prefix and suffix: whatever lies between is one replaced span. */
function oneSpan(from: string, to: string): Hunk {
  const max = Math.min(from.length, to.length);
  let prefix = 0;
  while (prefix < max && from.charCodeAt(prefix) === to.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && from.charCodeAt(from.length - 1 - suffix) === to.charCodeAt(to.length - 1 - suffix)) suffix++;
  return { oldStart: prefix, oldEnd: from.length - suffix, newStart: prefix, newEnd: to.length - suffix };
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
  return (
    t.location.file === file ||
    t.definedAt?.file === file ||
    t.definedAt?.keys.some((k) => k.file === file) === true ||
    t.keys.some((k) => k.declarations.some((l) => l?.file === file))
  );
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
              ? {
                  range: moveRange(d.range, map),
                  nameRanges: d.nameRanges.map((r) => moveRange(r, map)),
                  schemaRanges: d.schemaRanges.map((r) => moveRange(r, map)),
                }
              : {}),
            keys: d.keys.map((k) => (k.file === file ? { ...k, range: moveRange(k.range, map) } : k)),
          },
        }
      : {}),
    keys: t.keys.map((k) => ({ ...k, declarations: k.declarations.map((l) => moveLocation(l, file, map)) })),
  };
}
