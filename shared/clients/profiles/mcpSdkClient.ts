/**
 * A client built on the MCP TypeScript SDK (1.x, and 2.x where a rule says so): its \`ListToolsResultSchema\` parses the whole \`tools/list\`
 * result, so one tool it refuses loses the server's whole list, in every client built on it (MCP Inspector, Kilo,
 * cursor-agent, LM Studio and others), before any model sees a tool.
 */
import type { Profile } from '../types';

/** Where the SDK's client declares what a listed tool must be. */
const TOOL_SCHEMA = 'https://github.com/modelcontextprotocol/typescript-sdk/blob/main/src/types.ts';

export const mcpSdkClient: Profile = {
  id: 'mcp-sdk-client',
  label: 'the MCP TypeScript SDK client',
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
      id: 'property-schema',
      checks: 'each property of inputSchema is a schema object, not `true` (SDK 1.x; 2.x takes any JSON value)',
      consequence: 'all-tools-dropped',
      says: 'tools[n].inputSchema.properties.x: Invalid input',
      source: TOOL_SCHEMA,
      confirmed: '2026-12-07',
      evidence: 'sdk-source',
      parts: ['input', 'output'],
    },
    {
      id: 'output-root-type',
      checks: 'outputSchema, where set, is `type: "object"` (SDK 1.x; 2.x takes any outputSchema)',
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
      checks: '`required` at the root of inputSchema (and of outputSchema in SDK 1.x) is an array of names (not null)',
      consequence: 'all-tools-dropped',
      says: 'tools[n].inputSchema.required: Invalid input: expected array, received null',
      source: TOOL_SCHEMA,
      confirmed: '2026-12-07',
      evidence: 'sdk-source',
      parts: ['input', 'output'],
    },
  ],
};
