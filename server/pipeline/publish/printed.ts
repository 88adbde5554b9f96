/** How the fronts' data outputs (the CLI's JSON and SARIF, the MCP server's findings) print a finding's place. */
import { formatPath } from '../../../shared/findings/index';
import type { Range } from '../syntax/places';

/** A schema path as the outputs print it: dotted keys, `[*]` for items, empty at the root. */
export function dottedPath(path: readonly string[]): string {
  return path.length === 0 ? '' : formatPath(path);
}

/** A range with 1-based lines and columns, as editors and terminals count them. */
export function oneBasedRange(range: Range): { line: number; column: number; endLine: number; endColumn: number } {
  return { line: range.start.line + 1, column: range.start.character + 1, endLine: range.end.line + 1, endColumn: range.end.character + 1 };
}
