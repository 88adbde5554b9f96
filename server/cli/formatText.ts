/**
 * The human format, read like tsc or ESLint: `file:line:col severity code message`, grouped by file,
 * then one summary line. Colour only on a terminal and never with NO_COLOR.
 */
import { countNotEvaluated, notEvaluatedText, TOKENIZER, type Diagnostic, type Severity } from '../pipeline';
import { displayPath, type CheckReport } from './report';
import { providerLabel } from '../verify';

export interface TextStyle {
  color: boolean;
}

const SEVERITY_COLOR: Record<Severity, string> = { error: '31', warning: '33', information: '36' };

type Paint = (codes: string, s: string) => string;

/** `file:line:col severity code message`: one finding as every text report prints it. */
export function formatDiagnosticLine(d: Diagnostic, cwd: string, paint: Paint = (_codes, s) => s): string {
  const where = `${displayPath(cwd, d.file)}:${d.range.start.line + 1}:${d.range.start.character + 1}`;
  return `${paint('1', where)} ${paint(SEVERITY_COLOR[d.severity], d.severity)} ${paint('2', d.code)} ${d.message}`;
}

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
    lines.push(formatDiagnosticLine(d, report.cwd, paint));
  }
  if (lines.length > 0) lines.push('');
  lines.push(...toolsTable(report, paint));
  lines.push(...verifiedLines(report, paint));
  const byFactory = new Map<string, number>();
  for (const t of report.tools) if (t.calledFactory) byFactory.set(t.calledFactory, (byFactory.get(t.calledFactory) ?? 0) + 1);
  if (byFactory.size > 0) {
    const calls = [...byFactory].map(([factory, count]) => `${factory}() ${count}`).join(', ');
    lines.push(paint('2', `note: tools found by calling what the program's start did not reach when run here: ${calls}`));
  }
  for (const call of report.typedCalls)
    lines.push(
      paint(
        '2',
        `note: ${call.factory}() in ${displayPath(report.cwd, call.file)} registered its tools only when called with arguments built from its parameter types (required values empty, a key a placeholder, every named choice and every permission granted)`,
      ),
    );
  if (report.stubbed.length)
    lines.push(
      paint(
        '2',
        `note: platform modules and globals served by stubs while evaluating (they exist only where the server is deployed): ${report.stubbed.join(', ')}`,
      ),
    );
  if (report.notRun.length)
    lines.push(
      paint(
        '2',
        `note: not run, as their imports reach no tool library (a CLI, an installer, a migration): ${report.notRun.map((n) => displayPath(report.cwd, n.file)).join(', ')}; to run one anyway, name it with --entry`,
      ),
    );
  // Tools a start registered only with placeholders for its unset variables: the real configuration may differ.
  const byPlaceholders = new Map<string, number>();
  for (const t of report.tools) if (t.placeholders) byPlaceholders.set(t.placeholders.join(', '), (byPlaceholders.get(t.placeholders.join(', ')) ?? 0) + 1);
  for (const [names, n] of byPlaceholders)
    lines.push(
      paint(
        '2',
        `note: ${n} ${n === 1 ? 'tool' : 'tools'} found with placeholder values for ${names}, which the start needs and which are unset: set ${names.includes(',') ? 'them' : 'it'} (check --env NAME=value, .env) to check the real configuration`,
      ),
    );
  // Tools a factory registered when the check called it with made-up arguments: second best to the real start.
  const byInvented = new Map<string, number>();
  for (const t of report.tools)
    if (t.calledFactory && t.inventedArguments) {
      const key = `${t.calledFactory}(…) with made-up ${t.inventedArguments.join(', ')}`;
      byInvented.set(key, (byInvented.get(key) ?? 0) + 1);
    }
  for (const [call, n] of byInvented)
    lines.push(
      paint(
        '2',
        `note: ${n} ${n === 1 ? 'tool' : 'tools'} built by calling ${call}, as no start that runs reached it: what the real start passes may add or drop fields (let the start run: set what it needs, or name it with --entry)`,
      ),
    );
  if (report.programsNotLoaded.length) {
    const n = report.programsNotLoaded.length;
    const shown = report.programsNotLoaded.slice(0, 3).map((p) => `${displayPath(report.cwd, p.file)} (${p.reason})`);
    lines.push(
      paint(
        '2',
        `note: ${n} ${n === 1 ? 'program' : 'programs'} that ${n === 1 ? 'registers' : 'register'} no tools did not load (an MCP client, an example, a script; not tool files): ${shown.join(', ')}${n > 3 ? ` and ${n - 3} more` : ''}`,
      ),
    );
  }
  for (const { name, path: file } of report.unreadableEnv)
    lines.push(
      paint(
        '2',
        `note: ${name} names ${file}, outside the workspace: evaluated code may not read it and sees no file there; copy it into the workspace (a git-ignored folder) and point ${name} at the copy`,
      ),
    );
  if (report.argvUnused)
    lines.push(
      paint(
        '2',
        "note: --arg reached no entry point: a server's arguments go to what its start scripts run, else its main, else the entries named with --entry; name the server's start with --entry <file>",
      ),
    );
  // A partial result says so beside the summary: how many files, at which limit, and the flag that raises it.
  const partial = notEvaluatedText(countNotEvaluated(report.diagnostics), 'cli');
  if (partial) lines.push(paint('33;1', `⚠ ${partial}`));
  lines.push(summaryLine(report, files.size, paint));
  return lines.join('\n') + '\n';
}

function summaryLine(report: CheckReport, fileCount: number, paint: (codes: string, s: string) => string): string {
  const count = (severity: Severity) => report.diagnostics.filter((d) => d.severity === severity).length;
  const schemas = report.tools.filter((t) => t.kind === 'exported').length;
  const toolCount = report.tools.length - schemas;
  // Exported schemas are listed only where no registration was found at all (what a tool may take, not what one does).
  const tools =
    toolCount === 0 && schemas > 0
      ? `0 tools found (no registration found; ${plural(schemas, 'exported schema')} shown as what a tool may take)`
      : (toolCount === 0 ? '0 tools found' : plural(toolCount, 'tool')) + (schemas > 0 ? ` and ${plural(schemas, 'exported schema')}` : '');
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

/** What the providers answered `verify`, per tool, while the answers hold (toolschemalens.verified.json). */
function verifiedLines(report: CheckReport, paint: Paint): string[] {
  const tools = report.tools.filter((t) => t.verified?.length);
  if (tools.length === 0) return [];
  const width = Math.max(...tools.map((t) => t.name.length));
  const out = [paint('2', 'verified against the providers (tool-schema-lens verify):')];
  for (const t of tools)
    for (const [i, v] of t.verified!.entries()) {
      const said = `${v.accepted ? '✓' : '✗'} ${providerLabel(v.provider)} (${v.model}, ${v.date})${v.accepted ? '' : `: ${v.error ?? 'refused'}`}`;
      out.push(`  ${(i === 0 ? t.name : '').padEnd(width)}  ${said}`);
    }
  out.push('');
  return out;
}

/** Tools shown in the text table; `--format json` has every one. */
const TABLE_ROWS = 10;

/** The registered tools, heaviest first: tokens, problems, where; then what they cost together. */
function toolsTable(report: CheckReport, paint: (codes: string, s: string) => string): string[] {
  const tools = report.tools.filter((t) => t.kind !== 'exported').sort((a, b) => b.tokens.total - a.tokens.total || a.name.localeCompare(b.name));
  if (tools.length === 0) return [];
  // By identity: two servers' `search` tools each count their own findings.
  const problems = (id: string) => report.diagnostics.filter((d) => d.toolId === id).length;
  const rows = tools.slice(0, TABLE_ROWS).map((t) => {
    const at = `${displayPath(report.cwd, t.location.file)}:${t.location.range.start.line + 1}:${t.location.range.start.character + 1}`;
    return [t.name, formatCount(t.tokens.total), String(problems(t.id)), at];
  });
  const header = ['tool', 'tokens', 'problems', 'registered at'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]) : i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ');
  const out = [paint('2', line(header)), ...rows.map(line)];
  if (tools.length > TABLE_ROWS) out.push(paint('2', `… and ${plural(tools.length - TABLE_ROWS, 'more tool')} (--format json lists all)`));
  const share = percent(report.tokens.windowShare);
  const tokenizer = `(${TOKENIZER.encoding}: exact for ${TOKENIZER.exactFor}, an estimate for other models)`;
  out.push(
    report.servers.length > 1
      ? `${plural(tools.length, 'tool')} in ${report.servers.length} servers or tool sets, ${formatCount(report.tokens.total)} tokens in all ${tokenizer}; each host is sent one:`
      : `${plural(tools.length, 'tool')}: ${formatCount(report.tokens.total)} tokens, ${share}% of a 200k context window ${tokenizer}`,
  );
  // Several servers or tool sets: what each host is sent, which is what its window pays for.
  for (const set of report.servers)
    out.push(`  ${set.label}: ${plural(set.tools, 'tool')}, ${formatCount(set.total)} tokens, ${percent(set.windowShare)}% of a 200k context window`);
  out.push('');
  return out;
}

function percent(share: number): string {
  return (share * 100).toFixed(share < 0.01 ? 2 : 1);
}

function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
