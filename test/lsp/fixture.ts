/** Positions in fixture files, found by text so the tests read like the fixture. */
import * as fs from 'node:fs';

/** 0-based position of the `nth` occurrence of `needle` in a file (plus `offset` characters). */
export function positionOf(file: string, needle: string, nth = 0, offset = 0, text = fs.readFileSync(file, 'utf8')): { line: number; character: number } {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`${needle} (#${nth}) not found in ${file}`);
  }
  at += offset;
  const before = text.slice(0, at);
  const line = before.split('\n').length - 1;
  return { line, character: at - (before.lastIndexOf('\n') + 1) };
}

export function rangeAt(file: string, needle: string, nth = 0, text?: string) {
  const start = positionOf(file, needle, nth, 0, text);
  return { start, end: { line: start.line, character: start.character + needle.length } };
}
