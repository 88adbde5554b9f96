/**
 * "Suppress `code` on this line": a `// tool-schema-lens-disable-next-line code` comment inserted above the finding's
 * line, indented like it. Pure over the file's text, so every front offers the same edit.
 */
import { DISABLE_NEXT_LINE } from '../findings/suppressions';
import type { TextEditAt } from './keyRename';

/** The insertion that silences `keys` (codes or client rules) on 0-based `line` of `file`, or undefined past its end. */
export function suppressionEdit(file: string, text: string, line: number, keys: readonly string[]): TextEditAt | undefined {
  const lineText = text.split('\n')[line];
  if (lineText === undefined) return undefined;
  const indent = /^[ \t]*/.exec(lineText)?.[0] ?? '';
  const at = { line, character: 0 };
  return { file, start: at, end: at, newText: `${indent}// ${DISABLE_NEXT_LINE} ${keys.join(', ')}\n` };
}
