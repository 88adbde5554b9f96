/**
 * Inline suppression: `// tool-schema-lens-disable-next-line <code or target/rule>, …` silences the findings that
 * start on the next line, as ESLint's comment does. A comment that silences nothing is itself reported
 * (`unused-suppression`), so a suppression cannot outlive the finding it was written for. Applied by both fronts to
 * the whole of one file's diagnostics, whatever analysis placed them there.
 */
import { effectiveSeverity, type SeverityOverrides } from './severities';
import type { Diagnostic } from '../assemble/report';

export const DISABLE_NEXT_LINE = 'tool-schema-lens-disable-next-line';

export interface Suppression {
  /** The comment's line and the column where the directive starts (0-based). */
  line: number;
  character: number;
  end: number;
  /** Codes and `target/rule` keys named; empty: every finding on the next line. */
  names: string[];
}

const DIRECTIVE = new RegExp(`//\\s*${DISABLE_NEXT_LINE}(?=\\s|$)([^\\n]*)`, 'g');

/** The suppression comments of a text (cheap when it has none). */
export function suppressionsIn(text: string): Suppression[] {
  if (!text.includes(DISABLE_NEXT_LINE)) return [];
  const out: Suppression[] = [];
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  for (const m of text.matchAll(DIRECTIVE)) {
    const offset = m.index;
    let line = 0;
    while (line + 1 < lineStarts.length && lineStarts[line + 1] <= offset) line++;
    // A reason may follow ` -- `, as in ESLint.
    const list = m[1].split(/\s--\s/)[0];
    const names = list
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    const character = offset - lineStarts[line];
    out.push({ line, character, end: character + m[0].trimEnd().length, names });
  }
  return out;
}

/** Whether `names` silence one diagnostic: its code, or for a client finding every target it names (`target/rule`, `*\/rule`). */
function silences(names: readonly string[], d: Diagnostic): boolean {
  if (names.length === 0 || names.includes(d.code)) return true;
  if (d.code !== 'client-rejects' || !d.rule) return false;
  if (names.includes(`*/${d.rule}`)) return true;
  const targets = d.targets ?? [];
  return targets.length > 0 && targets.every((t) => names.includes(`${t}/${d.rule}`));
}

/**
 * One file's diagnostics with the suppressed ones left out and each comment that silenced nothing reported (not in a
 * file that did not evaluate: its findings are unknown, not gone).
 */
export function applySuppressions(file: string, text: string | undefined, diagnostics: readonly Diagnostic[], severities: SeverityOverrides): Diagnostic[] {
  const comments = text === undefined ? [] : suppressionsIn(text);
  if (comments.length === 0) return [...diagnostics];
  const used = new Set<Suppression>();
  const kept = diagnostics.filter((d) => {
    const comment = comments.find((c) => c.line + 1 === d.range.start.line && silences(c.names, d));
    if (comment) used.add(comment);
    return !comment;
  });
  if (diagnostics.some((d) => d.code === 'evaluation-failed' && d.file === file)) return kept;
  const severity = effectiveSeverity('unused-suppression', 'warning', severities);
  if (!severity) return kept;
  for (const c of comments) {
    if (used.has(c)) continue;
    const onNext = diagnostics.filter((d) => d.range.start.line === c.line + 1);
    kept.push({
      file,
      range: { start: { line: c.line, character: c.character }, end: { line: c.line, character: c.end } },
      severity,
      code: 'unused-suppression',
      message: unusedMessage(c, onNext),
      path: [],
      related: [],
    });
  }
  return kept;
}

function unusedMessage(c: Suppression, onNext: readonly Diagnostic[]): string {
  const named = c.names.length ? c.names.map((n) => `\`${n}\``).join(', ') : 'every finding';
  const partial = onNext.find((d) => d.code === 'client-rejects' && d.rule && c.names.some((n) => n.endsWith(`/${d.rule}`)));
  if (partial)
    return `This ${DISABLE_NEXT_LINE} names ${named}, but the finding on the next line also concerns ${(partial.targets ?? []).map((t) => `${t}/${partial.rule}`).join(', ')}: name each of them, or \`*/${partial.rule}\` for every client.`;
  const codes = [...new Set(onNext.flatMap((d) => (d.code === 'client-rejects' && d.rule ? (d.targets ?? ['*']).map((t) => `${t}/${d.rule}`) : [d.code])))];
  return codes.length
    ? `This ${DISABLE_NEXT_LINE} names ${named}, which is not reported on the next line (reported there: ${codes.join(', ')}); remove the comment or name what it should silence.`
    : `This ${DISABLE_NEXT_LINE} names ${named}, but nothing is reported on the next line any more: remove the comment.`;
}
