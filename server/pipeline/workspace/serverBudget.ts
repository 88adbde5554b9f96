/**
 * `over-budget` on a server (what one host is sent together: a server's tools, or one tool set) over the per-server
 * budget, placed on its heaviest tool. It needs every tool at once, so it runs over merged results (the CLI's whole
 * run, the language server's store), never inside one file's analysis.
 */
import { RULES } from '../../../shared/findings';
import { messages } from '../../../shared/findings';
import { effectiveSeverity, type SeverityOverrides } from '../findings/severities';
import { sentTools, serverTokens } from '../tokens';
import type { Diagnostic, ToolReport } from '../assemble/report';
import type { TokenBudget } from '../run/contract';

/** The per-server finding on the heaviest tool, or none. `server` names it in the message (a folder's name). */
export function serverOverBudget(server: string, tools: readonly ToolReport[], budget: TokenBudget | undefined, severities: SeverityOverrides): Diagnostic[] {
  const limit = budget?.tokensPerServer ?? 0;
  const sent = sentTools(tools);
  const sum = serverTokens(sent);
  if (limit <= 0 || sum.total <= limit) return [];
  const severity = effectiveSeverity('over-budget', 'warning', severities);
  if (!severity) return [];
  const heaviest = [...sent].sort((a, b) => b.tokens.total - a.tokens.total || a.name.localeCompare(b.name)).slice(0, 3);
  const message = messages.overBudgetServer(
    server,
    sum.tools,
    sum.total,
    sum.windowShare,
    limit,
    heaviest.map((t) => ({ name: t.name, tokens: t.tokens.total })),
  );
  const [first, ...rest] = heaviest;
  return [
    {
      file: first.location.file,
      range: first.nameRange ?? first.location.range,
      severity,
      code: 'over-budget',
      rule: RULES.serverOverBudget,
      message,
      tool: first.name,
      toolId: first.id,
      path: [],
      related: rest.map((t) => ({
        location: { file: t.location.file, range: t.nameRange ?? t.location.range },
        message: `${t.name}: ${t.tokens.total.toLocaleString('en-US')} tokens`,
      })),
      origin: first.kind,
    },
  ];
}
