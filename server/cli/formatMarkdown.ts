/**
 * `--format markdown`: the report a pull request reads (a CI job summary): the counts, what changed from the
 * baseline when one is given, then the findings grouped by tool with each tool's tokens, and the findings no tool
 * owns. Plain GitHub-flavoured Markdown; pipes and newlines in messages are escaped so a table cell stays one cell.
 */
import type { Severity, ToolDrift } from '../pipeline';
import { displayPath, type CheckReport } from './report';

const ICON: Record<Severity, string> = { error: '❌', warning: '⚠️', information: 'ℹ️' };
const CLASS: Record<ToolDrift['class'], string> = { breaking: '❌ breaking', 'non-breaking': '✅ non-breaking', descriptive: '📝 descriptive' };
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function formatMarkdown(report: CheckReport, baseline?: { drift: readonly ToolDrift[]; against: string }): string {
  const lines: string[] = ['## Tool Schema Lens', ''];
  const count = (s: Severity) => report.diagnostics.filter((d) => d.severity === s).length;
  const tools = report.tools.filter((t) => t.kind !== 'exported');
  lines.push(
    `**${plural(tools.length, 'tool')}**, ${report.tokens.total.toLocaleString('en-US')} tokens · ${ICON.error} ${plural(count('error'), 'error')} · ${ICON.warning} ${plural(count('warning'), 'warning')} · ${ICON.information} ${plural(count('information'), 'info')}`,
    '',
  );
  if (baseline) lines.push(...driftSection(baseline.drift, baseline.against));
  const owned = new Set<number>();
  const sections: string[] = [];
  for (const t of tools) {
    const mine = report.diagnostics.map((d, i) => ({ d, i })).filter(({ d }) => ownedBy(d, t));
    mine.forEach(({ i }) => owned.add(i));
    const where = `${displayPath(report.cwd, t.location.file)}:${t.location.range.start.line + 1}`;
    sections.push(`### \`${t.name}\` · ${t.tokens.total.toLocaleString('en-US')} tokens · ${where}`, '');
    if (mine.length === 0) sections.push('No problems.', '');
    else {
      sections.push('| | code | where | message |', '|---|---|---|---|');
      for (const { d } of mine)
        sections.push(`| ${ICON[d.severity]} | \`${d.code}\` | ${displayPath(report.cwd, d.file)}:${d.range.start.line + 1} | ${cell(d.message)} |`);
      sections.push('');
    }
  }
  lines.push(...sections);
  const rest = report.diagnostics.filter((_d, i) => !owned.has(i));
  if (rest.length > 0) {
    lines.push('### Not tied to one tool', '', '| | code | where | message |', '|---|---|---|---|');
    for (const d of rest)
      lines.push(`| ${ICON[d.severity]} | \`${d.code}\` | ${displayPath(report.cwd, d.file)}:${d.range.start.line + 1} | ${cell(d.message)} |`);
    lines.push('');
  }
  return lines.join('\n');
}

/** A finding belongs to the tool of its identity (two servers may each have a `search`). */
function ownedBy(d: CheckReport['diagnostics'][number], t: CheckReport['tools'][number]): boolean {
  return d.toolId === t.id;
}

/** The drift alone as Markdown (`diff --format markdown`). */
export function driftMarkdown(drift: readonly ToolDrift[], against: string): string {
  return ['## Tool Schema Lens', '', ...driftSection(drift, against)].join('\n');
}

function driftSection(drift: readonly ToolDrift[], against: string): string[] {
  if (drift.length === 0) return [`### What the model sees: unchanged from \`${against}\``, ''];
  const out = [`### What the model sees changed (from \`${against}\`)`, '', '| | tool | where | change |', '|---|---|---|---|'];
  for (const d of drift)
    for (const c of d.changes)
      out.push(
        `| ${CLASS[c.class]} | \`${d.server ? `${d.server} / ` : ''}${d.tool}\`${d.flattened ? ' (flattened)' : ''} | ${c.path ? `\`${cell(c.path)}\`` : ''} | ${cell(c.what)} |`,
      );
  out.push('');
  return out;
}
