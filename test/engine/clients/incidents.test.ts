/**
 * The incident catalog against the profiles: every incident a public thread reports is predicted by its target's
 * profile as the rules stood on the thread's date (the consequence it reports, or nothing where the client took the
 * shape); every rule has an incident behind it or a stated reason; and each incident's schema is checked with real
 * parts: Ajv's 2020-12 validator (what the MCP SDKs validate with) and the MCP TypeScript SDK's own client parsers
 * (1.x and 2.x) over a tools/list result carrying it.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { ListToolsResultSchema as ListToolsV1 } from '@modelcontextprotocol/sdk/types.js';
import { ListToolsResultSchema as ListToolsV2 } from '@modelcontextprotocol/core';
import { judgeServer, judgeTool, PROFILES, type ToolDefinition, type Violation } from '../../../shared/clients/index';
import { INCIDENTS, WITHOUT_INCIDENT, type Incident } from '../../../shared/clients/incidents/index';

/** The tool of an incident as a server lists it. */
export function definitionOfIncident(incident: Incident): ToolDefinition {
  const t = incident.tool;
  return {
    name: t.name ?? 'reduced_tool',
    ...(t.descriptionLength !== undefined ? { description: 'd'.repeat(t.descriptionLength) } : {}),
    inputSchema: t.input ?? { type: 'object', properties: {} },
    ...(t.outputSchema !== undefined ? { outputSchema: t.outputSchema } : {}),
  };
}

/** What the incident's target does with its tool, as the profile stood on the incident's date (`null`: today). */
export function verdictOf(incident: Incident, targets: readonly string[] = [incident.target], on: string | null = incident.date): Violation[] {
  const t = incident.tool;
  const asOf = on ?? undefined;
  if (t.toolCount !== undefined || t.requestInputs) {
    return judgeServer({ server: t.server ?? 'srv', toolCount: t.toolCount, inputSchemas: t.requestInputs }, targets, asOf);
  }
  return judgeTool(definitionOfIncident(incident), { server: t.server ?? 'srv' }, targets, asOf);
}

const consequencesFor = (violations: Violation[], target: string, rule?: string) =>
  violations.filter((v) => !rule || v.rule === rule).flatMap((v) => v.targets.filter((t) => t.target === target).map((t) => t.consequence));

describe('the incident catalog', () => {
  it('has at least 60 incidents from at least 40 distinct threads, each well formed and unique', () => {
    expect(INCIDENTS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(INCIDENTS.map((i) => i.thread)).size).toBeGreaterThanOrEqual(40);
    expect(new Set(INCIDENTS.map((i) => i.id)).size).toBe(INCIDENTS.length);
    const targets = new Set(PROFILES.map((p) => p.id));
    for (const i of INCIDENTS) {
      expect(i.thread, i.id).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+\/(issues|pull)\/\d+$/);
      expect(i.date, i.id).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(targets.has(i.target), i.id).toBe(true);
      if (i.consequence !== 'taken') expect(i.rule, i.id).toBeTruthy();
    }
  });

  for (const incident of INCIDENTS) {
    it(`${incident.id}: ${incident.consequence === 'taken' ? 'taken' : `${incident.rule} → ${incident.consequence}`}, as of ${incident.date}`, () => {
      const verdict = verdictOf(incident);
      if (incident.consequence === 'taken') expect(consequencesFor(verdict, incident.target)).toEqual([]);
      else expect(consequencesFor(verdict, incident.target, incident.rule)).toContain(incident.consequence);
    });
  }

  it('every rule of every profile has an incident behind it, or a stated reason it has none', () => {
    const shown = new Set(INCIDENTS.map((i) => `${i.target} ${i.rule}`));
    const missing = PROFILES.flatMap((p) => p.rules.map((r) => `${p.id} ${r.id}`)).filter((k) => !shown.has(k) && !WITHOUT_INCIDENT[k]);
    if (process.env.LIST_MISSING) console.log(JSON.stringify(missing));
    expect(missing).toEqual([]);
    // A reason for a rule that has an incident, or that no longer exists, is stale.
    const rules = new Set(PROFILES.flatMap((p) => p.rules.map((r) => `${p.id} ${r.id}`)));
    expect(Object.keys(WITHOUT_INCIDENT).filter((k) => shown.has(k) || !rules.has(k))).toEqual([]);
  });

  it('a rule whose consequence changed says what it does now and what it did before', () => {
    const now = verdictOf(
      INCIDENTS.find((i) => i.id === 'claude-code-root-oneof-dropped-mcpx')!,
      ['claude-code'],
      null,
    );
    const rule = now.find((v) => v.rule === 'root-combinator')!;
    expect(rule.targets[0]).toMatchObject({ consequence: 'tool-dropped', evidence: { before: { consequence: 'request-rejected', until: '2026-09-01' } } });
  });

  it('the message states the current consequence, the earlier one and its date, and says when that is over a year old', async () => {
    const { clientFinding, placeViolation } = await import('../../../shared/clients/index');
    const root = verdictOf(
      INCIDENTS.find((i) => i.id === 'claude-code-root-oneof-dropped-mcpx')!,
      ['claude-code'],
      null,
    ).find((v) => v.rule === 'root-combinator')!;
    expect(clientFinding('t', placeViolation(root), ['claude-code'])!.message).toContain(
      'Claude Code was observed to drop the tool (the tool is silently left out of the session; as of 2026-12-07; until 2026-09 it was seen to reject the request)',
    );
    const cap = judgeServer({ server: 'big', toolCount: 90 }, ['cursor']);
    expect(clientFinding(undefined, placeViolation(cap[0]), ['cursor'])!.message).toContain('until 2025-09, over a year ago, it was seen to drop the tool');
  });

  it('a retired rule explains its incidents as of their dates, and is not judged today', () => {
    const incident = INCIDENTS.find((i) => i.id === 'vscode-copilot-dialect-2020-12-firecrawl')!;
    expect(consequencesFor(verdictOf(incident), 'vscode-copilot', 'dialect-2020-12')).toEqual(['tool-dropped']);
    expect(verdictOf(incident, ['vscode-copilot'], null)).toEqual([]);
  });
});

describe('incident schemas, checked with real parts', () => {
  // A fresh validator per schema: Ajv keeps what it compiled, by reference.
  const compiles = (schema: unknown) => {
    try {
      new Ajv2020({ strict: false, allErrors: true }).compile(schema as object);
      return true;
    } catch {
      return false;
    }
  };
  const list = (tool: ToolDefinition) => ({ tools: [tool] });

  it("compile with Ajv 2020-12 except where the incident is about the schema's own validity or dialect", () => {
    for (const incident of INCIDENTS) {
      const { inputSchema, outputSchema } = definitionOfIncident(incident);
      const invalid = incident.rule === 'required-array';
      expect(compiles(inputSchema), incident.id).toBe(!invalid);
      // A draft-07 dialect is what a 2020-12-only validator refuses: the very refusal the dialect incidents report.
      const draft07 = (outputSchema as { $schema?: string } | undefined)?.$schema?.includes('draft-07') ?? false;
      if (outputSchema !== undefined) expect(compiles(outputSchema), incident.id).toBe(!draft07);
    }
  });

  it('the MCP TypeScript SDK 1.x client refuses a tools/list exactly where mcp-sdk-client says every tool is lost', () => {
    for (const incident of INCIDENTS) {
      if (incident.tool.toolCount !== undefined || incident.tool.requestInputs) continue;
      const refused = !ListToolsV1.safeParse(list(definitionOfIncident(incident))).success;
      const predicted = consequencesFor(verdictOf(incident, ['mcp-sdk-client'], null), 'mcp-sdk-client').includes('all-tools-dropped');
      expect(predicted, incident.id).toBe(refused);
    }
  });

  it('the 2.x client refuses only a non-object input root and a required that is not a list of names', () => {
    for (const incident of INCIDENTS) {
      if (incident.tool.toolCount !== undefined || incident.tool.requestInputs) continue;
      const refused = !ListToolsV2.safeParse(list(definitionOfIncident(incident))).success;
      const rules = verdictOf(incident, ['mcp-sdk-client'], null)
        .filter((v) => v.part === 'input' && (v.rule === 'root-type' || v.rule === 'required-array'))
        .map((v) => v.rule);
      expect(rules.length > 0, incident.id).toBe(refused);
    }
  });
});
