/**
 * Places in source, as every stage and front names them. Positions are 0-based (line, character in UTF-16 code
 * units), as in LSP; the CLI adds 1 when printing. File paths are absolute, with the platform's separators.
 */

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface Location {
  file: string;
  range: Range;
}
