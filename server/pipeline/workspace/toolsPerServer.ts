/**
 * The client rules that need every tool of a server at once (tools per server against each client's limit, a
 * provider's strict budgets summed over the server's tools):
 * judged with the other workspace checks. A server is the MCP server object the tools were registered on, known
 * by its name; tools of unnamed servers count per analysed file. A tool name counts once however many analysed
 * files recorded it.
 */
import { clientFinding, judgeServer, placeViolation, verdicts } from '../../../shared/clients/index';
import type { AssembledFile, ToolPlace } from '../assemble/assemble';
import { targetsOf } from '../sdks';
import { clientRuleSeverity, type SeverityOverrides } from '../findings/severities';
import { toolIdentity } from '../assemble/toolIdentity';
import type { Diagnostic, ToolReport } from '../assemble/report';

const SERVER_SDKS = new Set(['mcp', 'fastmcp']);

export interface ServerLimits {
  /** One `client-rejects` per server over a client's tool limit, on the server's first registration. */
  diagnostics: Diagnostic[];
  /** A registration's report with the server rules it breaks added to its verdicts (a new object when any). */
  withVerdicts(tool: ToolReport): ToolReport;
}

/** The server-wide client rules over every assembled file's registrations. */
export function serverLimits(assembled: readonly AssembledFile[], clients: readonly string[] | undefined, severities: SeverityOverrides): ServerLimits {
  const servers = new Map<string, { name?: string; tools: Map<string, ToolPlace>; ids: Set<string> }>();
  for (const a of assembled) {
    for (const place of a.places) {
      const tool = place.tool;
      if (tool.kind !== 'registration' || !tool.sdk || !SERVER_SDKS.has(tool.sdk)) continue;
      const name = tool.server?.name;
      const key = name !== undefined ? `name:${name}` : `file:${place.file}`;
      let server = servers.get(key);
      if (!server) servers.set(key, (server = { name, tools: new Map(), ids: new Set() }));
      if (!server.tools.has(tool.name)) server.tools.set(tool.name, place);
      server.ids.add(toolIdentity({ name: tool.name, kind: tool.kind, location: place.location }));
    }
  }
  const diagnostics: Diagnostic[] = [];
  const broken = new Map<string, Map<string, string[]>>(); // tool id → target → rules
  for (const server of servers.values()) {
    const places = [...server.tools.values()];
    const first = places[0];
    if (!first) continue;
    const targets = targetsOf(first.tool.sdk, clients);
    const inputSchemas = places.map((p) => p.tool.advertised);
    const violations = judgeServer({ server: server.name, toolCount: places.length, inputSchemas }, targets);
    if (violations.length === 0) continue;
    const rows = new Map(verdicts(violations, targets).map((v) => [v.target, v.broken as string[]]));
    for (const id of server.ids) broken.set(id, rows);
    for (const v of violations) {
      const f = clientFinding(undefined, placeViolation(v), targets, false, (target, rule, severity) => clientRuleSeverity(severities, target, rule, severity));
      if (!f) continue;
      const severity = f.severity;
      const at = first.site?.nameRange ? { file: first.location.file, range: first.site.nameRange } : first.location;
      diagnostics.push({
        file: at.file,
        range: at.range,
        severity,
        code: f.code,
        ...(f.rule ? { rule: f.rule } : {}),
        message: f.message,
        path: [],
        related: [],
        targets: f.targets,
      });
    }
  }
  return {
    diagnostics,
    withVerdicts(tool) {
      const rows = tool.kind === 'registration' ? broken.get(tool.id) : undefined;
      if (!rows || !tool.verdicts) return tool;
      return { ...tool, verdicts: tool.verdicts.map((v) => ({ ...v, broken: [...v.broken, ...((rows.get(v.target) ?? []) as typeof v.broken)] })) };
    },
  };
}
