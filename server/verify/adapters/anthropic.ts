/**
 * Anthropic's Messages API: tools with their `input_schema`, `tool_choice: {type: "none"}` and `max_tokens: 1`. The
 * tools are validated when the request is read; a refused one answers 400 `invalid_request_error` whose message
 * starts with the tool's place (`tools.0.custom.input_schema: …`).
 */
import { messageOf, PROMPT, REQUEST_TIMEOUT_MS, statusOf, type Adapter } from './types';

export const anthropicAdapter: Adapter = {
  params(tools, _provider, model) {
    return {
      model,
      max_tokens: 1,
      messages: [{ role: 'user', content: PROMPT }],
      tool_choice: { type: 'none' },
      tools: tools.map((t) => ({ name: t.name, ...(t.description !== undefined ? { description: t.description } : {}), input_schema: t.schema })),
    };
  },
  inputText(params) {
    return JSON.stringify({ messages: params.messages, tools: params.tools });
  },
  async send(sdks, setup, params, fetch) {
    const client = new sdks.Anthropic({ apiKey: setup.apiKey, baseURL: setup.baseUrl, maxRetries: 0, timeout: REQUEST_TIMEOUT_MS, fetch, logLevel: 'off' });
    await client.messages.create(params as never);
  },
  errorOf(error) {
    // The SDK keeps the whole body: {"type":"error","error":{"type":"invalid_request_error","message":"…"}}.
    const body = (error as { error?: { error?: { message?: unknown } } } | null)?.error;
    const message = typeof body?.error?.message === 'string' ? body.error.message : messageOf(error);
    // `tools.3.custom…` names the refused tool by its place (the first one refused).
    const place = /^tools\.(\d+)\./.exec(message);
    return {
      status: statusOf(error),
      message,
      aboutTools: /^tools\.\d+|\btools\[\d+\]|input_schema/.test(message),
      ...(place ? { refused: new Map([[Number(place[1]), message]]) } : {}),
    };
  },
  namesEveryRefusal: false,
};
