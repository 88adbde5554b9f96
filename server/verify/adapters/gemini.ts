/**
 * Gemini's generateContent: function declarations, function calling mode NONE, `maxOutputTokens: 1`. `gemini-json`
 * sends `parametersJsonSchema` through the SDK's own `tools`. `gemini` is the REST field `parameters` as written, which
 * the SDK would not send as written (with a `$schema` it moves the schema to `parametersJsonSchema`, without one it
 * rewrites it, `processJsonSchema`): so its declarations go as the request body's own `tools` through the SDK's
 * documented `httpOptions.extraBody`, byte for byte what a client calling the REST API sends. A refused schema answers
 * 400 INVALID_ARGUMENT ("Invalid JSON payload received. Unknown name …" for a field `parameters` has not).
 */
import { messageOf, PROMPT, REQUEST_TIMEOUT_MS, statusOf, type Adapter, type ProviderError } from './types';

export const geminiAdapter: Adapter = {
  params(tools, provider, model) {
    const declarations = tools.map((t) => ({
      name: t.name,
      ...(t.description !== undefined ? { description: t.description } : {}),
      ...(provider === 'gemini-json' ? { parametersJsonSchema: t.schema } : { parameters: t.schema }),
    }));
    const toolsField = [{ functionDeclarations: declarations }];
    return {
      model,
      contents: PROMPT,
      config: {
        maxOutputTokens: 1,
        toolConfig: { functionCallingConfig: { mode: 'NONE' } },
        ...(provider === 'gemini-json' ? { tools: toolsField } : { httpOptions: { extraBody: { tools: toolsField } } }),
      },
    };
  },
  inputText(params) {
    const config = params.config as { tools?: unknown; httpOptions?: { extraBody?: { tools?: unknown } } };
    return JSON.stringify({ contents: params.contents, tools: config.tools ?? config.httpOptions?.extraBody?.tools });
  },
  async send(sdks, setup, params, fetch) {
    // vertexai false and the base URL given: the SDK reads neither GOOGLE_GENAI_USE_VERTEXAI nor its URL variables.
    const client = new sdks.GoogleGenAI({ apiKey: setup.apiKey, vertexai: false, httpOptions: { baseUrl: setup.baseUrl, timeout: REQUEST_TIMEOUT_MS, fetch } });
    await client.models.generateContent(params as never);
  },
  errorOf(error) {
    // The SDK's ApiError carries the body's text as its message: {"error":{"code":400,"message":…,"status":…,"details":[…]}}.
    const text = messageOf(error);
    let body: { error?: { message?: unknown; details?: unknown } } | undefined;
    try {
      body = JSON.parse(text.slice(text.indexOf('{'))) as typeof body;
    } catch {
      body = undefined;
    }
    const message = typeof body?.error?.message === 'string' ? body.error.message : text;
    const out: ProviderError = {
      status: statusOf(error),
      message,
      aboutTools: /function_declarations|functionDeclarations|\btools\[\d+\]|parameters/i.test(message),
    };
    const refused = refusedOf(message);
    if (refused.size) out.refused = refused;
    const delay = retryDelayOf(body?.error?.details);
    return delay === undefined ? out : { ...out, retryAfterMs: delay };
  },
  namesEveryRefusal: true,
};

/** Each declaration a refusal names (`…function_declarations[3].parameters…`), with its own lines of the message. */
function refusedOf(message: string): Map<number, string> {
  const lines = new Map<number, string[]>();
  for (const line of message.split('\n')) {
    const place = /function_declarations\[(\d+)\]/.exec(line);
    if (!place) continue;
    const i = Number(place[1]);
    lines.set(i, [...(lines.get(i) ?? []), line]);
  }
  return new Map([...lines].map(([i, l]) => [i, l.join('\n')]));
}

/** Gemini's RetryInfo (`"retryDelay": "31s"`) in a 429's details. */
function retryDelayOf(details: unknown): number | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const d of details) {
    const delay = (d as { retryDelay?: unknown } | null)?.retryDelay;
    const m = typeof delay === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(delay) : null;
    if (m) return Math.round(Number(m[1]) * 1000);
  }
  return undefined;
}
