/**
 * `over-budget` on a tool whose definition costs more tokens than the per-tool budget (naming its heaviest key, and
 * placed there or on the tool). The per-server budget needs every tool at once: `workspace/serverBudget.ts`.
 */
import { RULES } from '../../../shared/findings';
import { messages } from '../../../shared/findings';
import { effectiveSeverity, type SeverityOverrides } from '../findings/severities';
import type { Diagnostic, ToolReport } from '../assemble/report';
import type { Location } from '../syntax/places';
import type { TokenBudget } from '../run/contract';
import { heaviestKeys } from './countTools';
import { countEach } from './tokenizer';
import { descriptionTexts } from './toolDefinition';

/** The tools that count towards a server's budget: registered tools, once each (an exported schema is not sent). */
export function sentTools(tools: readonly ToolReport[]): ToolReport[] {
  const seen = new Set<string>();
  const out: ToolReport[] = [];
  for (const t of tools) {
    if (t.kind === 'exported') continue;
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    out.push(t);
  }
  return out;
}

/** Where a tool's parts are written, for placing its budget finding. */
export interface ToolWhere {
  /** A top-level key's declaration; null when unknown. */
  key: (key: string) => Location | null;
  /** Where the tool is: its name at the registration, else its definition (a registry entry), else the registration. */
  tool: () => Location;
}

/**
 * The per-tool finding, or null when the tool is within budget. It lands where the fix is: on the heaviest key's
 * declaration when the message names that key, else on the tool (`where.tool`), the other of the two as related
 * information.
 */
export function toolOverBudget(tool: ToolReport, budget: TokenBudget | undefined, severities: SeverityOverrides, where: ToolWhere): Diagnostic | null {
  const limit = budget?.tokensPerTool ?? 0;
  if (tool.kind === 'exported' || limit <= 0 || tool.tokens.total <= limit) return null;
  const severity = effectiveSeverity('over-budget', 'information', severities);
  if (!severity) return null;
  const total = tool.tokens.total;
  const [top] = heaviestKeys(tool.advertised);
  const heavy = top && { key: top.key, share: top.tokens / total, descriptionShare: top.tokens ? top.descriptionTokens / top.tokens : 0 };
  const descriptions = [tool.description ?? '', ...descriptionTexts(tool.advertised)].filter(Boolean);
  const descriptionShare = countEach(descriptions).reduce((n, c) => n + c, 0) / total;
  const named = heavy !== undefined && heavy.share >= 0.25;
  const keyAt = top ? where.key(top.key) : null;
  const toolAt = where.tool();
  const keyRelated = keyAt ? [{ location: keyAt, message: messages.overBudgetKeyRelated(top.key, top.tokens) }] : [];
  const at = named && keyAt ? keyAt : toolAt;
  return {
    file: at.file,
    range: at.range,
    severity,
    code: 'over-budget',
    rule: RULES.toolOverBudget,
    message: messages.overBudgetTool(tool.name, total, limit, heavy, descriptionShare),
    tool: tool.name,
    toolId: tool.id,
    path: named ? [heavy.key] : [],
    related: at === keyAt ? [{ location: toolAt, message: messages.overBudgetToolRelated(tool.name, total) }] : keyRelated,
    origin: tool.kind,
  };
}
