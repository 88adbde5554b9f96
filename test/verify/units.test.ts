// The pieces of verify on plain data: batching, the waits between retries, what the providers' errors say, the cost,
// and a stored answer holding only while its tool's digest is unchanged.
import { describe, expect, it } from 'vitest';
import { adapterOf } from '../../server/verify/adapters';
import { planProvider } from '../../server/verify/cost';
import { batchesOf, verifyToolOf, type SourceTool, type VerifyTool } from '../../server/verify/requests';
import { waitOf } from '../../server/verify/runner';
import { mergeStore, parseStore, verdictsOf, type StoredVerdict } from '../../server/verify/store';
import { verdictDriftDiagnostics } from '../../server/verify/verdictDrift';

const place = { file: '/w/tools.ts', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } };
const tool = (name: string, inputSchema: unknown, server = 's'): SourceTool => ({
  id: `registration:${name}`,
  name,
  kind: 'registration',
  location: place,
  mountable: true,
  advertised: inputSchema,
  server: { name: server } as SourceTool['server'],
});
const sent = (name: string, server = 's'): VerifyTool => verifyToolOf(tool(name, { type: 'object' }, server), 'openai')!;

describe('batches', () => {
  const names = (batches: VerifyTool[][]) => batches.map((b) => b.map((t) => `${t.server}/${t.name}`));

  it('hold tools of every server, at most the limit, and never two tools of one name', () => {
    const tools = [sent('a'), sent('b'), sent('a', 't'), sent('c', 't'), sent('d')];
    expect(names(batchesOf(tools, () => 0, { tools: 3, tokens: Infinity }))).toEqual([
      ['s/a', 's/b', 't/c'],
      ['t/a', 's/d'],
    ]);
  });

  it('hold a tool predicted refused alone', () => {
    const refused = { ...sent('b'), predicted: ['one-of' as const] };
    expect(names(batchesOf([sent('a'), refused, sent('c')]))).toEqual([['s/a', 's/c'], ['s/b']]);
  });

  it('stay under the token bound, a tool over it alone', () => {
    const tools = [sent('a'), sent('b'), sent('c'), sent('d')];
    const tokens: Record<string, number> = { a: 40, b: 40, c: 150, d: 10 };
    expect(names(batchesOf(tools, (t) => tokens[t.name], { tools: 10, tokens: 100 }))).toEqual([['s/a', 's/b', 's/d'], ['s/c']]);
  });
});

describe('the wait before a retry', () => {
  it.each([
    ['2', undefined, 0, 2000],
    ['0', undefined, 3, 0],
    [null, 31_000, 0, 31_000],
    [null, undefined, 0, 1000],
    [null, undefined, 2, 4000],
    ['3600', undefined, 0, 60_000],
    ['Wed, 21 Oct 2015 07:28:05 GMT', undefined, 0, 5000],
  ])('Retry-After %s, body %s, retry %i: %i ms', (header, body, retry, ms) => {
    expect(waitOf(header, body, retry, Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(ms);
  });
});

describe("the providers' errors", () => {
  it("Gemini's: its message, whether it is about the tools, and RetryInfo's delay", () => {
    const body = { error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED', details: [{ retryDelay: '31s' }] } };
    const error = Object.assign(new Error(JSON.stringify(body)), { status: 429 });
    expect(adapterOf('gemini').errorOf(error)).toEqual({ status: 429, message: 'Resource has been exhausted', aboutTools: false, retryAfterMs: 31_000 });
  });

  it('name the refused tools by their place in the request, each with its own words', () => {
    const lines = [
      `Invalid JSON payload received. Unknown name "$schema" at 'tools[0].function_declarations[0].parameters': Cannot find field.`,
      `Invalid JSON payload received. Unknown name "const" at 'tools[0].function_declarations[2].parameters.properties[1].value': Cannot find field.`,
      `Invalid JSON payload received. Unknown name "$schema" at 'tools[0].function_declarations[2].parameters': Cannot find field.`,
    ];
    const gemini = Object.assign(new Error(JSON.stringify({ error: { code: 400, message: lines.join('\n'), status: 'INVALID_ARGUMENT' } })), { status: 400 });
    expect([...adapterOf('gemini').errorOf(gemini).refused!]).toEqual([
      [0, lines[0]],
      [2, `${lines[1]}\n${lines[2]}`],
    ]);
    const message = "Invalid schema for function 'b': In context=(), object schema missing properties.";
    const openai = Object.assign(new Error('400'), {
      status: 400,
      error: { message, type: 'invalid_request_error', param: 'tools[1].function.parameters', code: 'invalid_function_parameters' },
    });
    expect([...adapterOf('openai-strict').errorOf(openai).refused!]).toEqual([[1, message]]);
    const refusal = 'tools.9.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level';
    const anthropic = Object.assign(new Error('400'), { status: 400, error: { type: 'error', error: { type: 'invalid_request_error', message: refusal } } });
    expect([...adapterOf('anthropic').errorOf(anthropic).refused!]).toEqual([[9, refusal]]);
  });

  it('a refusal that is not about the tools (a model, a parameter) is not blamed on one', () => {
    const openai = Object.assign(new Error('400'), { status: 400, error: { message: "Unsupported value: 'tool_choice'", param: 'tool_choice' } });
    expect(adapterOf('openai').errorOf(openai).aboutTools).toBe(false);
    const anthropic = Object.assign(new Error('400'), { status: 400, error: { type: 'error', error: { message: 'max_tokens: must be at least 1' } } });
    expect(adapterOf('anthropic').errorOf(anthropic).aboutTools).toBe(false);
  });
});

describe('the cost', () => {
  it('counts one request per batch, and at most one more per tool of a refused batch', () => {
    const tools = ['a', 'b', 'c'].map((n) => verifyToolOf(tool(n, { type: 'object', properties: { q: { type: 'string' } } }), 'anthropic')!);
    const plan = planProvider('anthropic', 'claude-haiku-4-5', tools);
    expect([plan.requests, plan.predictedRefused, plan.mostRequests]).toEqual([1, 0, 4]);
    expect(plan.inputTokens).toBeGreaterThan(20);
    expect(plan.mostInputTokens).toBeGreaterThan(plan.inputTokens * 2);
  });

  it('sends a tool its profile predicts refused alone, so its refusal names it at once', () => {
    const schema = (extra: object) => ({ type: 'object', properties: { q: { type: 'string' } }, ...extra });
    const tools = [
      verifyToolOf(tool('a', schema({ $schema: 'http://json-schema.org/draft-07/schema#' })), 'gemini')!,
      verifyToolOf(tool('b', schema({})), 'gemini')!,
    ];
    expect(tools.map((t) => t.predicted.length > 0)).toEqual([true, false]);
    const plan = planProvider('gemini', 'gemini-2.5-flash', tools);
    expect(plan.batches.map((b) => b.map((t) => t.name))).toEqual([['a'], ['b']]);
    expect([plan.requests, plan.predictedRefused, plan.mostRequests]).toEqual([2, 1, 2]);
    expect(plan.mostInputTokens).toBe(plan.inputTokens);
  });
});

describe('a stored answer', () => {
  const lookup = tool('lookup', { type: 'object', properties: { word: { type: 'string' } } });
  const answer = (over: Partial<StoredVerdict> = {}): StoredVerdict => ({
    server: 's',
    tool: 'lookup',
    digest: verifyToolOf(lookup, 'anthropic')!.digest,
    provider: 'anthropic',
    model: 'claude-haiku-4-5',
    sdk: '@anthropic-ai/sdk 1.17.0',
    date: '2026-12-07',
    accepted: false,
    error: 'tools.0.custom.input_schema: refused',
    predicted: [],
    ...over,
  });

  it('holds for its tool until the tool changes', () => {
    const store = mergeStore({ format: 1, verdicts: [] }, [answer()]);
    expect(verdictsOf(store, lookup)).toHaveLength(1);
    const changed = tool('lookup', { type: 'object', properties: { word: { type: 'string', description: 'the word' } } });
    expect(verdictsOf(store, changed)).toEqual([]);
    expect(verdictDriftDiagnostics([lookup], store).map((d) => d.code)).toEqual(['verdict-drift']);
    expect(verdictDriftDiagnostics([changed], store)).toEqual([]);
  });

  it('is replaced by a newer answer of the same provider, beside the others', () => {
    const store = mergeStore(mergeStore({ format: 1, verdicts: [] }, [answer(), answer({ provider: 'gemini-json', accepted: true })]), [
      answer({ accepted: true, date: '2026-12-08' }),
    ]);
    expect(store.verdicts.map((v) => [v.provider, v.accepted, v.date])).toEqual([
      ['anthropic', true, '2026-12-08'],
      ['gemini-json', true, '2026-12-07'],
    ]);
    expect(parseStore(JSON.stringify(store)).store).toEqual(store);
    expect(parseStore('{"verdicts": 3}').problem).toMatch(/^it is not a verify store/);
  });

  it('is no finding where the profile agrees, and severity off silences one', () => {
    const store = mergeStore({ format: 1, verdicts: [] }, [answer()]);
    expect(verdictDriftDiagnostics([lookup], store, { 'verdict-drift': 'off' })).toEqual([]);
    const agreed = mergeStore({ format: 1, verdicts: [] }, [answer({ accepted: true })]);
    expect(verdictDriftDiagnostics([lookup], agreed)).toEqual([]);
  });
});
