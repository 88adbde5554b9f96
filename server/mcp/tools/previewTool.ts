/**
 * `preview_tool`: one tool as its library sends it (the definition a real client's `tools/list` returned, and its
 * exact JSON text), as flattened where it ships flattened (and what flattening would ship where it does not), and as
 * one client receives it: the name that client shows, the strict view a strict provider's model fills, the rules it
 * breaks there and the tokens it costs.
 */
import { z } from 'zod';
import { brokenRulesAt, countTokens, definitionText, strictView, TARGET_IDS, targetFacts, type ToolReport } from '../../pipeline';
import type { Analysis } from '../analysedWorkspace';
import { ToolInputError } from '../toolError';
import type { WorkspaceSet } from '../workspaces';
import { defineTool } from './define';

/**
 * The protocol revisions whose clients differ in what they do with a definition, as far as the checks know: from
 * 2026-07-28 (SEP-2243) a client on Streamable HTTP mirrors `x-mcp-header` parameters into headers and leaves out a
 * tool whose header parameters it must refuse (`mcp-header-invalid`); before it, they are plain parameters.
 */
const ERAS = ['2025-06-18', '2025-11-25', '2026-07-28'] as const;
const HEADER_ERA = '2026-07-28';

const definitionShape = z.record(z.string(), z.unknown());

export const previewTool = defineTool({
  name: 'preview_tool',
  title: 'Preview a tool as it ships',
  description:
    'One tool exactly as its library sends it (definition and its JSON text), flattened where it ships so, and as a client receives it (strict view, rules broken, tokens).',
  input: {
    name: z.string().min(1).max(256).describe('The tool name'),
    server: z.string().max(256).optional().describe('Its server name, where two servers register the name'),
    client: z
      .enum(TARGET_IDS as [string, ...string[]])
      .optional()
      .describe('Show it as this client receives it'),
    era: z.enum(ERAS).optional().describe('The MCP protocol revision the client speaks'),
  },
  output: {
    name: z.string(),
    server: z.string().optional(),
    file: z.string(),
    line: z.number().int(),
    library: z.string().optional(),
    libraryVersion: z.string().optional(),
    zodVersion: z.string().optional(),
    /** library: the library's own listing; emulated: the engine's, where the library could not answer. */
    source: z.enum(['library', 'emulated']),
    definition: definitionShape,
    /** The definition as JSON text, as the library serialises it onto the wire. */
    definitionText: z.string(),
    tokens: z.object({ input: z.number().int(), output: z.number().int().optional(), total: z.number().int() }),
    shipsFlattened: z.boolean(),
    /** Where it ships flattened: its input as written. */
    asWritten: z.unknown().optional(),
    /** Where it ships its union as written: what flattening would ship, and what that would lose. */
    flattenedPreview: z.unknown().optional(),
    flattenLosses: z.array(z.string()).optional(),
    client: z
      .object({
        id: z.string(),
        label: z.string(),
        strict: z.boolean(),
        loads: z.boolean(),
        broken: z.array(z.object({ rule: z.string(), part: z.string(), pointer: z.string(), consequence: z.string(), says: z.string().optional() })),
        received: z.object({ name: z.string(), inputSchema: z.unknown(), tokens: z.number().int() }),
      })
      .optional(),
    era: z.object({ revision: z.string(), leftOut: z.boolean(), reasons: z.array(z.string()) }).optional(),
  },
  async run(args, context) {
    const set = await context.workspaces();
    const analyses = await Promise.all(set.workspaces.map((w) => w.analysis()));
    const { tool, analysis } = findTool(analyses, args.name, args.server, set);
    const definition = tool.shipped?.definition ?? emulatedDefinition(tool);
    const inputSchema = definition.inputSchema ?? tool.advertised;
    const serverInputs = analysis.tools
      .filter((t) => t.kind === 'registration' && sameServer(t, tool))
      .map((t) => t.shipped?.definition?.inputSchema ?? t.advertised);
    return {
      name: tool.name,
      ...(tool.server?.name ? { server: tool.server.name } : {}),
      file: set.display(tool.location.file),
      line: tool.location.range.start.line + 1,
      ...(tool.shipped?.library ? { library: tool.shipped.library } : {}),
      ...(tool.shipped?.libraryVersion ? { libraryVersion: tool.shipped.libraryVersion } : {}),
      ...(tool.shipped?.zodVersion ? { zodVersion: tool.shipped.zodVersion } : {}),
      source: tool.shipped?.source ?? 'emulated',
      definition,
      definitionText: JSON.stringify(definition),
      tokens: tool.tokens,
      shipsFlattened: tool.shipped?.flattened === true,
      ...(tool.shipped?.flattened && tool.compare ? { asWritten: tool.compare.asWritten } : {}),
      ...(tool.flattened ? { flattenedPreview: tool.flattened.advertised, flattenLosses: tool.flattened.losses.map((f) => f.message) } : {}),
      ...(args.client ? { client: clientView(args.client, tool, definition, inputSchema, serverInputs) } : {}),
      ...(args.era ? { era: eraView(args.era, tool, analysis) } : {}),
    };
  },
});

function findTool(analyses: readonly Analysis[], name: string, server: string | undefined, set: WorkspaceSet): { tool: ToolReport; analysis: Analysis } {
  const all = analyses.flatMap((analysis) => analysis.tools.map((tool) => ({ tool, analysis })));
  const named = all.filter(({ tool }) => tool.name === name && (server === undefined || tool.server?.name === server));
  // A registration is what ships; an exported schema of the same name is only what one may take.
  const found = named.some(({ tool }) => tool.kind !== 'exported') ? named.filter(({ tool }) => tool.kind !== 'exported') : named;
  if (found.length === 1) return found[0];
  if (found.length > 1) {
    const where = found.map(({ tool }) => `${tool.server?.name ?? '(no server)'} at ${set.display(tool.location.file)}:${tool.location.range.start.line + 1}`);
    throw new ToolInputError(`Several tools are named ${name}: ${where.join('; ')}. Pass server to pick one.`);
  }
  const names = [...new Set(all.map(({ tool }) => tool.name))].sort();
  const listed = names.length > 20 ? `${names.slice(0, 20).join(', ')} and ${names.length - 20} more` : names.join(', ');
  throw new ToolInputError(
    `No tool named ${name}${server ? ` on server ${server}` : ''} in this workspace${names.length ? ` (its tools: ${listed})` : ' (it has no tools)'}. Call check_tools with include "all" to list them.`,
  );
}

/** Where the library could not answer: name, description and the engine's input, as a snapshot records it. */
function emulatedDefinition(tool: ToolReport): Record<string, unknown> {
  return {
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    inputSchema: tool.advertised,
    ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
  };
}

function clientView(target: string, tool: ToolReport, definition: Record<string, unknown>, inputSchema: unknown, serverInputs: unknown[]) {
  const facts = targetFacts(target)!;
  const serverName = tool.server?.name;
  const name = facts.namePrefix && serverName ? `${facts.namePrefix.replace('{server}', serverName)}${tool.name}` : tool.name;
  const received = facts.strict ? strictView(inputSchema) : inputSchema;
  const description = typeof definition.description === 'string' ? definition.description : undefined;
  const broken = brokenRulesAt(
    target,
    {
      name: tool.name,
      ...(description !== undefined ? { description } : {}),
      inputSchema,
      ...(definition.outputSchema !== undefined ? { outputSchema: definition.outputSchema } : {}),
      ...(typeof definition.title === 'string' ? { title: definition.title } : {}),
      ...(definition.annotations !== undefined ? { annotations: definition.annotations } : {}),
      sent: tool.shipped?.source === 'library',
    },
    { ...(serverName ? { name: serverName } : {}), ...(tool.kind === 'registration' && tool.server ? { serverInputs } : {}) },
  );
  return {
    id: facts.id,
    label: facts.label,
    strict: facts.strict,
    loads: broken.length === 0,
    broken,
    received: { name, inputSchema: received, tokens: countTokens(definitionText({ name, ...(description ? { description } : {}), inputSchema: received })) },
  };
}

function eraView(revision: string, tool: ToolReport, analysis: Analysis) {
  const headerFindings = analysis.diagnostics.filter((d) => d.code === 'mcp-header-invalid' && d.toolId === tool.id);
  const applies = revision >= HEADER_ERA;
  return { revision, leftOut: applies && headerFindings.length > 0, reasons: applies ? headerFindings.map((d) => d.message) : [] };
}

function sameServer(a: ToolReport, b: ToolReport): boolean {
  if (!a.server || !b.server) return a === b;
  const site = (t: ToolReport) => JSON.stringify([t.server?.name, t.server?.site?.file, t.server?.site?.line]);
  return site(a) === site(b);
}
