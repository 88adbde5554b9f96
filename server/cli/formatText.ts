/**
 * The human format, read like tsc or ESLint: `file:line:col severity code message`, grouped by file,
 * then one summary line. Colour only on a terminal and never with NO_COLOR.
 */
import type { Severity } from '../pipeline';
import { displayPath, type CheckReport } from './report';

export interface TextStyle {
  color: boolean;
}

const SEVERITY_COLOR: Record<Severity, string> = { error: '31', warning: '33', information: '36' };

export function formatText(report: CheckReport, style: TextStyle): string {
  const paint = (codes: string, s: string) => (style.color ? `\x1b[${codes}m${s}\x1b[0m` : s);
  const lines: string[] = [];
  let currentFile: string | undefined;
  const files = new Set<string>();
  for (const d of report.diagnostics) {
    const file = displayPath(report.cwd, d.file);
    files.add(file);
    if (file !== currentFile) {
      if (currentFile !== undefined) lines.push('');
      currentFile = file;
    }
    const where = `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}`;
    lines.push(`${paint('1', where)} ${paint(SEVERITY_COLOR[d.severity], d.severity)} ${paint('2', d.code)} ${d.message}`);
  }
  if (lines.length > 0) lines.push('');
  lines.push(summaryLine(report, files.size, paint));
  return lines.join('\n') + '\n';
}

function summaryLine(report: CheckReport, fileCount: number, paint: (codes: string, s: string) => string): string {
  const count = (severity: Severity) => report.diagnostics.filter((d) => d.severity === severity).length;
  const schemas = report.tools.filter((t) => t.kind === 'exported').length;
  const toolCount = report.tools.length - schemas;
  const tools = (toolCount === 0 ? '0 tools found' : plural(toolCount, 'tool')) + (schemas > 0 ? ` and ${plural(schemas, 'exported schema')}` : '');
  const analysed = plural(report.fileCount, 'file');
  // Nothing registered is never "no problems": the workspace's servers were not seen.
  if (report.diagnostics.length === 0 && toolCount === 0) return paint('33;1', `⚠ ${tools} in ${analysed} checked`);
  if (report.diagnostics.length === 0) return paint('32', `✔ no problems: ${tools} in ${analysed} checked`);
  const errors = count('error');
  const text =
    `✖ ${plural(report.diagnostics.length, 'problem')} ` +
    `(${plural(errors, 'error')}, ${plural(count('warning'), 'warning')}, ${plural(count('information'), 'info')}) ` +
    `in ${plural(fileCount, 'file')}; ${tools} in ${analysed} checked`;
  return paint(errors > 0 ? '31;1' : '33;1', text);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
