/**
 * The gemini profile against a real implementation: the Vercel AI SDK's Google provider (@ai-sdk/google), which
 * rewrites each tool's JSON Schema into Gemini's OpenAPI subset before the request. The provider runs for real
 * with a `fetch` that captures the request body and answers locally (no network), on the same generated corpus
 * as the OpenAI cross-check. Asserted, schema by schema:
 *
 * 1. the `parameters` the provider sends break no `gemini` rule, but for the listed differences (what the
 *    provider leaves as it is and Gemini refuses), so an AI SDK tool needs no gemini finding the provider already
 *    repairs; and
 * 2. the raw schema breaks at least one gemini rule whenever the provider had to change something, so the profile
 *    reports what a client sending the schema itself (an MCP client, a direct API call) would be refused; and
 * 3. where the provider refuses the schema itself (a `$ref` it cannot inline), the profile reports that reference.
 */
import fc from 'fast-check';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { describe, expect, it } from 'vitest';
import { z as zod4 } from 'zod';
import { z as zod3 } from 'zod3';
import { advertise } from '../../../shared/index';
import { judgeTool } from '../../../shared/clients/index';
import { ZOD3_ALIAS, ZOD4, type Flavour } from '../support/flavours';
import { build, corpus, type Z } from './corpus';

/** What the provider sends unchanged that Gemini's `parameters` refuse. */
const DIFFERENCES: Record<string, string> = {
  'array-items':
    "the provider passes a tuple's list of `items` through; Gemini's `items` is one schema, so the request fails (a list where one schema is expected, like a type list)",
};

async function sentParameters(inputSchema: unknown): Promise<unknown> {
  let body: any;
  const google = createGoogleGenerativeAI({
    apiKey: 'no-network',
    fetch: (async (_url: unknown, init: { body: string }) => {
      body = JSON.parse(init.body);
      const reply = { candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }], usageMetadata: {} };
      return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch,
  });
  const model: any = google('gemini-2.5-flash');
  await model.doGenerate({
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    tools: [{ type: 'function', name: 't', description: 'd', inputSchema }],
  });
  return body.tools?.[0]?.functionDeclarations?.[0]?.parameters;
}

describe.each([
  ['zod 4', ZOD4, zod4],
  ['zod 3', ZOD3_ALIAS, zod3],
] as const)('gemini vs @ai-sdk/google, %s', (_name, flavour: Flavour, z: Z) => {
  it('what the provider sends passes the profile; what it had to change, the profile flags in the raw schema', async () => {
    const samples = fc.sample(corpus, { numRuns: 200, seed: 20261201 });
    const leftovers: string[] = [];
    let rewritten = 0;
    let refused = 0;
    for (const fields of samples) {
      const { jsonSchema } = advertise({ name: 't', input: build(flavour, z, fields) }, { flattenUnionInput: false });
      let sent: unknown;
      try {
        sent = await sentParameters(jsonSchema);
      } catch (error) {
        // The provider refuses some schemas itself (a `$ref` to anything but a root definition, as zod 3 writes
        // for a recursive or reused schema): the profile must have reported a reference there.
        refused++;
        const rules = judgeTool({ name: 't', inputSchema: jsonSchema }, {}, ['gemini']).map((v) => v.rule);
        expect(rules, `${(error as Error).message}: ${JSON.stringify(jsonSchema)}`).toContain('ref');
        continue;
      }
      if (sent === undefined) continue; // an empty object: the provider sends no parameters at all
      const after = judgeTool({ name: 't', inputSchema: sent }, {}, ['gemini']).filter((v) => !(v.rule in DIFFERENCES));
      for (const v of after) leftovers.push(`${v.rule}@/${v.pointer.join('/')} in ${JSON.stringify(sent)}`);
      const before = judgeTool({ name: 't', inputSchema: jsonSchema }, {}, ['gemini']);
      if (JSON.stringify(sent) !== JSON.stringify(jsonSchema)) {
        rewritten++;
        expect(before.length, JSON.stringify(jsonSchema)).toBeGreaterThan(0);
      }
    }
    expect(leftovers.slice(0, 5).join('\n')).toBe('');
    expect(rewritten).toBeGreaterThan(samples.length / 2);
    expect(refused).toBeLessThan(samples.length / 4);
  });
});
