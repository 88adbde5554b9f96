/**
 * A client built on the MCP TypeScript SDK (1.x): its \`ListToolsResultSchema\` parses the whole \`tools/list\`
 * result, so one tool it refuses loses the server's whole list, in every client built on it (MCP Inspector, Kilo,
 * cursor-agent, LM Studio and others), before any model sees a tool.
 */
import type { Profile } from '../types';

/** Where the SDK's client declares what a listed tool must be. */
const TOOL_SCHEMA = 'https://github.com/modelcontextprotocol/typescript-sdk/blob/main/src/types.ts';

export const mcpSdkClient: Profile = {
  id: 'mcp-sdk-client',
  label: 'MCP TypeScript SDK clients',
  kind: 'client',
  rules: [
    {
      id: 'root-type',
      checks: 'inputSchema is `type: "object"` (ToolSchema.inputSchema.type is the literal "object")',
      consequence: 'all-tools-dropped',
      says: 'tools[n].inputSchema.type: Invalid input: expected "object"',
      source: TOOL_SCHEMA,
      confirmed: '2026-12-07',
      evidence: 'sdk-source',
      params: { untypedCombinator: true },
    },
    {
      id: 'output-root-type',
      checks: 'outputSchema, where set, is `type: "object"`',
      consequence: 'all-tools-dropped',
      says: 'tools[n].outputSchema.type: Invalid input: expected "object"',
      source: TOOL_SCHEMA,
      confirmed: '2026-12-07',
      evidence: 'sdk-source',
      parts: ['output'],
      params: { untypedCombinator: true },
    },
    {
      id: 'required-array',
      checks: '`required` at the root of inputSchema and outputSchema is an array of names (not null)',
      consequence: 'all-tools-dropped',
      says: 'tools[n].inputSchema.required: Invalid input: expected array, received null',
      source: TOOL_SCHEMA,
      confirmed: '2026-12-07',
      evidence: 'sdk-source',
      parts: ['input', 'output'],
    },
  ],
};
