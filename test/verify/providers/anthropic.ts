// Anthropic's Messages API as the loopback answers it. Refusals as quoted in public threads: {"type": "error",
// "error": {"type": "invalid_request_error", "message": "tools.<i>.custom.input_schema: input_schema does not support
// oneOf, allOf, or anyOf at the top level"}} (anthropics/claude-code#5973, #40075), which the profile predicts; and
// "tools.<i>.custom: For 'integer' type, properties maximum, minimum are not supported" (earendil-works/pi#9953,
// CherryHQ/cherry-studio#18037), which the profile does not: replayed here for any tool, it stands for a provider that
// began refusing what it took, the drift `verify` is for.
import { findNode, type Answer } from './shared';

export function anthropicAnswer(body: any): Answer {
  for (const [i, tool] of (body.tools ?? []).entries()) {
    const schema = tool.input_schema ?? {};
    const refuse = (message: string): Answer => ({ status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message } } });
    if (['oneOf', 'allOf', 'anyOf'].some((k) => k in schema))
      return refuse(`tools.${i}.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level`);
    const bounded = findNode(schema, (n) => n.type === 'integer' && 'minimum' in n && 'maximum' in n);
    if (bounded) return refuse(`tools.${i}.custom: For 'integer' type, properties maximum, minimum are not supported`);
  }
  return {
    status: 200,
    body: {
      id: 'msg_loopback',
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: [],
      stop_reason: 'max_tokens',
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    },
  };
}
