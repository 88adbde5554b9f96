/**
 * The client rules that need every tool of a server at once (tools per server against each client's limit):
 * judged where the workspace is assembled. A server is the MCP server object the tools were registered on,
 * known by its name; tools of unnamed servers count per analysed file. A tool name counts once however many
 * analysed files recorded it.
 */
import { clientFinding, judgeServer, placeViolation, verdicts } from '../../shared/clients/index';
import type { AssembledFile, ToolPlace } from './assemble';
import { targetsOf } from './assemble';
import { effectiveSeverity, type SeverityOverrides } from './severities';
import type { Diagnostic } from './types';

const SERVER_SDKS = new Set(['mcp', 'fastmcp']);

/** One `client-rejects` diagnostic per server over a client's tool limit, on its first registration; adds the rule to each of its tools' verdicts. */
export function flagServerLimits(assembled: readonly AssembledFile[], clients: readonly string[] | undefined, severities: SeverityOverrides): Diagnostic[] {
  const servers = new Map<string, { name?: string; tools: Map<string, ToolPlace> }>();
  for (const a of assembled) {
    for (const place of a.places) {
      const tool = place.tool;
      if (tool.kind !== 'registration' || !tool.sdk || !SERVER_SDKS.has(tool.sdk)) continue;
      const key = tool.server !== undefined ? `name:${tool.server}` : `file:${place.file}`;
      let server = servers.get(key);
      if (!server) servers.set(key, (server = { name: tool.server, tools: new Map() }));
      if (!server.tools.has(tool.name)) server.tools.set(tool.name, place);
    }
  }
  const out: Diagnostic[] = [];
  for (const server of servers.values()) {
    const places = [...server.tools.values()];
    const first = places[0];
    if (!first) continue;
    const targets = targetsOf(first.tool, clients);
    const violations = judgeServer({ server: server.name, toolCount: places.length }, targets);
    if (violations.length === 0) continue;
    for (const a of assembled) {
      for (const report of a.report.tools) {
        if (!server.tools.has(report.name) || report.kind !== 'registration') continue;
        const extra = verdicts(violations, targets);
        report.verdicts = (report.verdicts ?? extra.map((v) => ({ ...v, broken: [] }))).map((v) => ({ ...v, broken: [...v.broken, ...(extra.find((e) => e.target === v.target)?.broken ?? [])] }));
      }
    }
    for (const v of violations) {
      const f = clientFinding(undefined, placeViolation(v), targets);
      if (!f) continue;
      const severity = effectiveSeverity(f.code, f.severity, severities);
      if (!severity) continue;
      const at = first.site?.nameRange ? { file: first.location.file, range: first.site.nameRange } : first.location;
      out.push({ file: at.file, range: at.range, severity, code: f.code, message: f.message, path: [], related: [], targets: f.targets, clientRule: f.clientRule });
    }
  }
  return out;
}
