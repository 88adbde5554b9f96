/**
 * What a front needs to show a tool as one target receives it: the target's label and kind, whether it asks its
 * model to fill a strict schema (OpenAI's Structured Outputs: the hover's and preview's strict view), and the prefix
 * an MCP client puts before a tool's name. Read off the target's profile, never worded twice.
 */
import { judgeServer, judgeTool, MCP_CLIENTS, profileOf, type ToolDefinition } from '../../../shared/clients/index';

export interface TargetFacts {
  id: string;
  label: string;
  kind: 'provider' | 'client' | 'directory';
  /** Every key required, an optional one nullable, no key beyond them: what `strictView` shows. */
  strict: boolean;
  /** What the client puts before a tool's name, `{server}` standing for the server's name. */
  namePrefix?: string;
}

/** The facts of a target id, or undefined for an unknown one. */
export function targetFacts(id: string): TargetFacts | undefined {
  const profile = profileOf(id);
  if (!profile) return undefined;
  const namePrefix = profile.rules.find((r) => r.params?.namePrefix)?.params?.namePrefix;
  return {
    id: profile.id,
    label: profile.label,
    kind: profile.kind,
    strict: profile.rules.some((r) => r.id === 'strict-required'),
    ...(namePrefix ? { namePrefix } : {}),
  };
}

/** The MCP clients an MCP server's tools are judged against when the user names none. */
export const DEFAULT_MCP_CLIENTS: readonly string[] = MCP_CLIENTS;

/** One rule a target applies that a definition breaks, where (a JSON pointer into the part) and what the target does. */
export interface BrokenRule {
  rule: string;
  part: string;
  /** `/properties/url`; '' for the part's root. */
  pointer: string;
  consequence: string;
  says?: string;
}

/**
 * The rules of one target a definition breaks, judged on the definition as sent (the per-tool rules) and on its
 * server (the tools per server, the request budgets over `serverInputs`): for a target whether or not the analysis
 * selected it, since judging is pure and the definition is all it reads.
 */
export function brokenRulesAt(target: string, definition: ToolDefinition, server: { name?: string; serverInputs?: readonly unknown[] } = {}): BrokenRule[] {
  const context = {
    ...(server.name ? { server: server.name } : {}),
    ...(server.serverInputs ? { toolCount: server.serverInputs.length, inputSchemas: server.serverInputs } : {}),
  };
  return [...judgeTool(definition, context, [target]), ...(server.serverInputs ? judgeServer(context, [target]) : [])].map((v) => {
    const at = v.targets.find((t) => t.target === target);
    return {
      rule: v.rule,
      part: v.part,
      pointer: v.pointer.length ? `/${v.pointer.join('/')}` : '',
      consequence: at?.consequence ?? '',
      ...(at?.says ? { says: at.says } : {}),
    };
  });
}
