/**
 * Our MCP tools, in the order `tools/list` gives them, and their registration on an SDK server: every tool read-only
 * and closed-world (it reads the workspaces it was given, runs their code only in the evaluation sandbox, and reaches
 * nothing else), each answer both as structured content and as its JSON text for clients that read only text. A
 * mistake the agent can correct is a tool error it reads (`isError`), never a protocol failure or a crash.
 */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { normalizeObjectSchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ToolInputError } from '../toolError';
import { checkTools } from './checkTools';
import type { McpToolDefinition, ToolContext } from './define';
import { diffTools } from './diffTools';
import { explainFinding } from './explainFinding';
import { previewTool } from './previewTool';
import { suggestFix } from './suggestFix';

export type { ToolContext } from './define';

export const MCP_TOOLS: readonly McpToolDefinition[] = [checkTools, previewTool, explainFinding, diffTools, suggestFix] as never;

/** Registers every tool on `server`; `log` hears what failed on our side. */
export function registerLensTools(server: McpServer, context: ToolContext, log: (line: string) => void = () => undefined): void {
  const registered: Array<[string, RegisteredTool]> = [];
  for (const tool of MCP_TOOLS) {
    const handle = server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      async (args: unknown) => {
        try {
          const output = z.object(tool.output).parse(await tool.run(args as never, context));
          return { content: [{ type: 'text' as const, text: JSON.stringify(output) }], structuredContent: output };
        } catch (error) {
          if (!(error instanceof ToolInputError)) log(`${tool.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          const text =
            error instanceof ToolInputError
              ? error.message
              : `${tool.name} failed inside Tool Schema Lens: ${error instanceof Error ? error.message : String(error)}. Call it again; if it fails again, run \`tool-schema-lens check\` in the workspace for the full report.`;
          return { content: [{ type: 'text' as const, text }], isError: true };
        }
      },
    );
    registered.push([tool.name, handle]);
  }
  listWithoutDialect(server, registered);
}

/**
 * The SDK's own listing (the same conversions, the same fields), with the `$schema` it stamps on each output schema
 * left out: Claude Desktop validates output schemas as 2020-12 only and refuses every call of a tool whose output
 * schema declares draft-07 (our own check's client-rejects finding on these tools, `test/mcp/dogfood.test.ts`).
 */
function listWithoutDialect(server: McpServer, registered: ReadonlyArray<[string, RegisteredTool]>): void {
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: registered
      .filter(([, tool]) => tool.enabled)
      .map(([name, tool]): Tool => {
        const input = normalizeObjectSchema(tool.inputSchema);
        const output = tool.outputSchema ? normalizeObjectSchema(tool.outputSchema) : undefined;
        const { $schema: _dialect, ...outputSchema } = output
          ? (toJsonSchemaCompat(output, { strictUnions: true, pipeStrategy: 'output' }) as Record<string, unknown>)
          : {};
        return {
          name,
          title: tool.title,
          description: tool.description,
          inputSchema: (input
            ? toJsonSchemaCompat(input, { strictUnions: true, pipeStrategy: 'input' })
            : { type: 'object', properties: {} }) as Tool['inputSchema'],
          ...(output ? { outputSchema: outputSchema as Tool['outputSchema'] } : {}),
          annotations: tool.annotations,
          execution: tool.execution,
          _meta: tool._meta,
        };
      }),
  }));
}
