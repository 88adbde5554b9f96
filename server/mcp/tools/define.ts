/**
 * What one MCP tool of ours is: its name, a title and a description an agent can act on, its input and output
 * schemas (zod raw shapes, converted by the SDK) and a handler over the testable core. The server (server.ts) only
 * wires these; every tool is read-only and touches nothing outside the workspaces it reads.
 */
import type { z } from 'zod';
import type { WorkspaceSet } from '../workspaces';

export interface ToolContext {
  /** The workspaces this session may read (its accepted roots), or an error the agent can act on. */
  workspaces(): Promise<WorkspaceSet>;
}

export interface McpToolDefinition<Input extends z.ZodRawShape = z.ZodRawShape, Output extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  /** A sentence or two: what it answers, and when to call it. */
  description: string;
  input: Input;
  output: Output;
  /** May throw a ToolInputError, which the agent reads as a tool error. */
  run(args: z.infer<z.ZodObject<Input>>, context: ToolContext): Promise<z.input<z.ZodObject<Output>>> | z.input<z.ZodObject<Output>>;
}

/** Declares a tool, keeping its schemas' types for its handler. */
export function defineTool<Input extends z.ZodRawShape, Output extends z.ZodRawShape>(
  definition: McpToolDefinition<Input, Output>,
): McpToolDefinition<Input, Output> {
  return definition;
}
