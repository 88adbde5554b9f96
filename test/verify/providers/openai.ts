// OpenAI's Chat Completions as the loopback answers it. Refusals in the shape and words of bodies quoted in public
// threads: {"error": {"message": "Invalid schema for function '<name>': In context=(<path>), <what>.", "type":
// "invalid_request_error", "param": "tools[<i>].function.parameters", "code": "invalid_function_parameters"}}
// (evalstate/fast-agent#143 "In context=(), object schema missing properties."; flanksource/mission-control#2634
// "In context=('properties', 'select'), array schema missing items."; the strict "'oneOf' is not permitted", quoted
// from openai-node in ai-dynamo/dynamo#15153).
import { findNode, type Answer } from './shared';

export interface OpenAiBehaviour {
  /** Strict mode refuses a oneOf anywhere (a test of the other side turns it off). */
  strictRefusesOneOf: boolean;
}

export function openaiAnswer(body: any, behaviour: OpenAiBehaviour): Answer {
  for (const [i, tool] of (body.tools ?? []).entries()) {
    const fn = tool.function;
    const refuse = (context: string[], what: string): Answer => ({
      status: 400,
      body: {
        error: {
          message: `Invalid schema for function '${fn.name}': In context=(${context.map((k) => `'${k}'`).join(', ')}), ${what}.`,
          type: 'invalid_request_error',
          param: `tools[${i}].function.parameters`,
          code: 'invalid_function_parameters',
        },
      },
    });
    const oneOf = fn.strict && behaviour.strictRefusesOneOf ? findNode(fn.parameters, (n) => 'oneOf' in n) : undefined;
    if (oneOf) return refuse(oneOf, "'oneOf' is not permitted");
    const bareObject = findNode(fn.parameters, (n) => n.type === 'object' && !('properties' in n) && !('additionalProperties' in n));
    if (bareObject) return refuse(bareObject, 'object schema missing properties');
    const bareArray = findNode(fn.parameters, (n) => n.type === 'array' && !('items' in n));
    if (bareArray) return refuse(bareArray, 'array schema missing items');
  }
  return {
    status: 200,
    body: {
      id: 'chatcmpl-loopback',
      object: 'chat.completion',
      created: 0,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'length' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    },
  };
}
