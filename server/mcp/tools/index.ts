/**
 * Our MCP tools, in the order `tools/list` gives them, and their registration on an SDK server: every tool read-only
 * and closed-world (it reads the workspaces it was given, runs their code only in the evaluation sandbox, and reaches
 * nothing else), each answer both as structured content and as its JSON text for clients that read only text. A
 * mistake the agent can correct is a tool error it reads (`isError`), never a protocol failure or a crash.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
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
  for (const tool of MCP_TOOLS) {
    server.registerTool(
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
  }
}
