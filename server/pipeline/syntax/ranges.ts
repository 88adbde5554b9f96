/** Node → 0-based LSP ranges and locations. */
import * as path from 'node:path';
import type { Node, SourceFile } from 'ts-morph';
import type { Location, Range } from './places';

/** The range of a node without its leading trivia and JSDoc. */
export function rangeOf(node: Node): Range {
  return spanRange(node.getSourceFile(), node.getStart(), node.getEnd());
}

export function spanRange(sourceFile: SourceFile, start: number, end: number): Range {
  const sf = sourceFile.compilerNode;
  const s = sf.getLineAndCharacterOfPosition(start);
  const e = sf.getLineAndCharacterOfPosition(end);
  return { start: { line: s.line, character: s.character }, end: { line: e.line, character: e.character } };
}

/** The platform path of a source file (ts-morph normalises to forward slashes). */
export function filePathOf(sourceFile: SourceFile): string {
  return path.normalize(sourceFile.getFilePath());
}

export function locationOf(node: Node): Location {
  return { file: filePathOf(node.getSourceFile()), range: rangeOf(node) };
}

/** The offset of a 0-based position in a file (clamped to the file). */
export function offsetOf(sourceFile: SourceFile, line: number, character: number): number {
  const sf = sourceFile.compilerNode;
  const lines = sf.getLineStarts();
  if (line >= lines.length) return sf.getEnd();
  return Math.min(sf.getPositionOfLineAndCharacter(line, 0) + character, line + 1 < lines.length ? lines[line + 1] : sf.getEnd());
}
