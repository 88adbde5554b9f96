/**
 * A tool call the agent can correct: a path outside the workspace, a tool name nothing registers, a stale cursor. Its
 * message is what the agent reads (a tool error result, `isError: true`, as the 2025-11-25 specification asks of
 * input errors so the model can retry), so its first sentence says what is wrong and what to do.
 */
export class ToolInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolInputError';
  }
}
