/** The words of the Tool Schemas view; pure, so they read (and are tested) without VS Code. */
import type { ServerSummary, StatusParams, ToolSummary } from '../protocol';

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** How a tool that differs from the configured snapshot is marked. */
const DRIFT_MARK = { breaking: 'changed, breaking', 'non-breaking': 'changed, non-breaking', descriptive: 'changed, wording' } as const;

export function toolItemText(tool: ToolSummary): { description: string; tooltip: string } {
  const p = tool.problems;
  const problems = p.errors + p.warnings + p.infos;
  const changed = tool.drift ? `${DRIFT_MARK[tool.drift.class]} · ` : '';
  // Short enough for the default sidebar width: the icon says whether it has problems, the tooltip which.
  const description = `${changed}${plural(tool.tokens.total, 'token', 'tokens')}`;
  const lines = [`**${tool.name}**: ${plural(tool.tokens.total, 'token', 'tokens')} (o200k_base)`];
  if (tool.description) lines.push(tool.description);
  if (!tool.mountable) lines.push('$(warning) A client refuses this tool (not mountable): see its problems.');
  else if (tool.refusedBy?.length) lines.push(`$(warning) Refused, dropped or rewritten by ${tool.refusedBy.join(', ')}: see its problems.`);
  if (problems) lines.push(`${plural(p.errors, 'error', 'errors')}, ${plural(p.warnings, 'warning', 'warnings')}, ${plural(p.infos, 'info', 'infos')}`);
  if (tool.library) lines.push(`Registered with ${tool.library}${tool.dialect ? `, JSON Schema ${tool.dialect}` : ''}`);
  if (tool.foundWith) lines.push(`$(info) ${tool.foundWith}`);
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

/** A server's totals: its tools, their problems together, their tokens together. */
export function serverItemText(server: ServerSummary, tools: readonly ToolSummary[] = []): { description: string; tooltip: string } {
  const share = server.windowShare * 100;
  const percent = `${share < 1 ? share.toFixed(1) : Math.round(share)}%`;
  const problems = tools.reduce((n, t) => n + t.problems.errors + t.problems.warnings + t.problems.infos, 0);
  return {
    description: `${plural(server.tools, 'tool', 'tools')} · ${plural(problems, 'problem', 'problems')} · ${plural(server.tokens, 'token', 'tokens')}`,
    tooltip: `${server.name}: ${plural(server.tools, 'tool', 'tools')}, ${plural(problems, 'problem', 'problems')}, ${plural(server.tokens, 'token', 'tokens')} together (o200k_base; an estimate for non-OpenAI models), ${percent} of a 200k-token context window`,
  };
}

/** What the view says when it lists no tool: why, from the server's last status. */
export function emptyViewMessage(status: StatusParams | undefined): string | undefined {
  if (!status) return 'Tool Schema Lens is starting…';
  switch (status.state) {
    case 'starting':
      return 'Tool Schema Lens is starting…';
    case 'analysing':
      return `Looking for tools${status.detail ? ` (${status.detail})` : ''}…`;
    case 'untrusted':
      return 'No tools shown: Tool Schema Lens runs no workspace code until you trust this workspace.';
    case 'disabled':
      return 'No tools shown: Tool Schema Lens is off (toolSchemaLens.enable).';
    case 'idle':
      if (status.notEvaluated) return `0 tools: ${plural(status.notEvaluated, 'file', 'files')} did not evaluate; see Problems.`;
      return '0 tools: no file in this workspace registers a tool with a library Tool Schema Lens knows; see the output for what was checked.';
  }
}
