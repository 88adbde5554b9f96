/** The words of the Tool Schemas view; pure, so they read (and are tested) without VS Code. */
import type { ServerSummary, ToolSummary } from '../protocol';

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** How a tool that differs from the configured snapshot is marked. */
const DRIFT_MARK = { breaking: 'changed, breaking', 'non-breaking': 'changed, non-breaking', descriptive: 'changed, wording' } as const;

export function toolItemText(tool: ToolSummary): { description: string; tooltip: string } {
  const p = tool.problems;
  const problems = p.errors + p.warnings + p.infos;
  const changed = tool.drift ? `${DRIFT_MARK[tool.drift.class]} · ` : '';
  const description = `${changed}${plural(tool.tokens.total, 'token', 'tokens')}${problems ? ` · ${plural(problems, 'problem', 'problems')}` : ''}`;
  const lines = [`**${tool.name}**: ${plural(tool.tokens.total, 'token', 'tokens')} (o200k_base)`];
  if (tool.description) lines.push(tool.description);
  if (!tool.mountable) lines.push('$(warning) A client refuses this tool (not mountable): see its problems.');
  else if (tool.refusedBy?.length) lines.push(`$(warning) Refused, dropped or rewritten by ${tool.refusedBy.join(', ')}: see its problems.`);
  if (problems) lines.push(`${plural(p.errors, 'error', 'errors')}, ${plural(p.warnings, 'warning', 'warnings')}, ${plural(p.infos, 'info', 'infos')}`);
  if (tool.library) lines.push(`Registered with ${tool.library}${tool.dialect ? `, JSON Schema ${tool.dialect}` : ''}`);
  if (tool.drift) {
    const what = tool.drift.status === 'added' ? 'not in' : tool.drift.status === 'renamed' ? 'renamed since' : 'changed since';
    lines.push(`**${DRIFT_MARK[tool.drift.class]}**: ${what} ${tool.drift.snapshot}\n\n${tool.drift.changes.map((c) => `- ${c}`).join('\n')}`);
  }
  return { description, tooltip: lines.join('\n\n') };
}

/** The tool's icon: a warning where a client refuses it (not mountable, or a client's rules broken), as the README says. */
export function toolIcon(tool: ToolSummary): 'warning' | 'symbol-method' | 'symbol-function' {
  if (!tool.mountable || tool.refusedBy?.length) return 'warning';
  return tool.problems.errors + tool.problems.warnings > 0 ? 'symbol-method' : 'symbol-function';
}

export function serverItemText(server: ServerSummary): { description: string; tooltip: string } {
  const share = server.windowShare * 100;
  const percent = `${share < 1 ? share.toFixed(1) : Math.round(share)}%`;
  return {
    description: `${plural(server.tools, 'tool', 'tools')} · ${plural(server.tokens, 'token', 'tokens')} · ${percent} of 200k`,
    tooltip: `${server.name}: ${plural(server.tools, 'tool', 'tools')}, ${plural(server.tokens, 'token', 'tokens')} together (o200k_base; an estimate for non-OpenAI models), ${percent} of a 200k-token context window`,
  };
}
