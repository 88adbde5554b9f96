import type { Position } from '../syntax/places';

/** The position of `offset` in `text` (clamped to the text; `\r\n` ends a line like `\n`). */
export function positionAt(text: string, offset: number): Position {
  const at = Math.max(0, Math.min(offset, text.length));
  let line = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, character: at - lineStart };
}

/** The offset of a position in `text` (past the end of its line: the line's end). */
export function offsetAt(text: string, position: Position): number {
  let lineStart = 0;
  for (let l = 0; l < position.line; l++) {
    const next = text.indexOf('\n', lineStart);
    if (next === -1) return text.length;
    lineStart = next + 1;
  }
  const lineEnd = text.indexOf('\n', lineStart);
  const end = lineEnd === -1 ? text.length : lineEnd;
  return Math.min(lineStart + position.character, end);
}
