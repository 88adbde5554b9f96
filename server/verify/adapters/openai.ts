/**
 * OpenAI's Chat Completions: function tools, `strict: true` for `openai-strict`, `tool_choice: "none"` and one output
 * token. `max_completion_tokens` rather than `max_tokens`, which the o-series and GPT-5 models refuse. A schema is
 * validated when the request is read, so a refused one answers 400 `invalid_request_error` naming
 * `tools[i].function.parameters` before any model runs.
 */
import { messageOf, PROMPT, REQUEST_TIMEOUT_MS, statusOf, type Adapter } from './types';

interface OpenAiErrorBody {
  message?: unknown;
  param?: unknown;
  code?: unknown;
}

export const openaiAdapter: Adapter = {
  params(tools, provider, model) {
    return {
      model,
      messages: [{ role: 'user', content: PROMPT }],
      max_completion_tokens: 1,
      tool_choice: 'none',
      tools: tools.map((t) => ({
        type: 'function',
        function: {
          name: t.name,
          ...(t.description !== undefined ? { description: t.description } : {}),
          parameters: t.schema,
          ...(provider === 'openai-strict' ? { strict: true } : {}),
        },
      })),
    };
  },
  inputText(params) {
    return JSON.stringify({ messages: params.messages, tools: params.tools });
  },
  async send(sdks, setup, params, fetch) {
    const client = new sdks.OpenAI({ apiKey: setup.apiKey, baseURL: setup.baseUrl, maxRetries: 0, timeout: REQUEST_TIMEOUT_MS, fetch, logLevel: 'off' });
    await client.chat.completions.create(params as never);
  },
  errorOf(error) {
    const body = (error as { error?: OpenAiErrorBody } | null)?.error;
    const message = typeof body?.message === 'string' ? body.message : messageOf(error);
    const param = typeof body?.param === 'string' ? body.param : '';
    const aboutTools = param.startsWith('tools') || body?.code === 'invalid_function_parameters' || /Invalid schema for function|\btools\[\d+\]/.test(message);
    // `param: "tools[3].function.parameters"` names the refused tool by its place (the first one refused).
    const place = /^tools\[(\d+)\]/.exec(param);
    return { status: statusOf(error), message, aboutTools, ...(place ? { refused: new Map([[Number(place[1]), message]]) } : {}) };
  },
  namesEveryRefusal: false,
};
