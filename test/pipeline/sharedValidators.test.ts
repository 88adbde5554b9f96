/**
 * The output-schema validators a real SDK client compiles on `tools/list`, shared between the worker's clients
 * (evaluate/worker/shipped/sharedValidators.ts): a later client lists the same tools without compiling them
 * again, gets the same definitions, and still validates a call's structured content as the SDK does; a compile
 * error is the same error every time; a schema that is not self-contained is compiled by each client itself.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { selfContainedKey, shareCompiledValidators } from '../../server/pipeline/evaluate/worker/shipped/sharedValidators';

function server(): McpServer {
  const s = new McpServer({ name: 'shared', version: '1.0.0' });
  s.registerTool(
    'locate',
    { inputSchema: { q: z.string() }, outputSchema: { lat: z.number(), lon: z.number(), label: z.string().optional() } },
    async ({ q }) => ({ content: [], structuredContent: q === 'bad' ? { lat: 'north' } : { lat: 1, lon: 2 } }),
  );
  s.registerTool('route', { inputSchema: { from: z.string() }, outputSchema: { steps: z.array(z.object({ km: z.number() })) } }, async () => ({
    content: [],
    structuredContent: { steps: [] },
  }));
  return s;
}

async function connected(): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server().connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  shareCompiledValidators(client);
  await client.connect(clientSide);
  return client;
}

const ownValidator = (client: Client) => (client as unknown as { _jsonSchemaValidator: { getValidator(s: unknown): unknown } })._jsonSchemaValidator;

afterEach(() => vi.restoreAllMocks());

describe('validators shared between SDK clients', () => {
  it("a second client lists without compiling, gets the same tools, and still judges a call's structured content", async () => {
    const compile = vi.spyOn(AjvJsonSchemaValidator.prototype, 'getValidator');
    const first = await connected();
    const listedFirst = await first.listTools();
    const compiledByFirst = compile.mock.calls.length;
    const second = await connected();
    const listedSecond = await second.listTools();
    expect(listedSecond).toEqual(listedFirst);
    expect(compiledByFirst).toBeGreaterThanOrEqual(2);
    expect(compile.mock.calls.length).toBe(compiledByFirst);

    // The validator the second client keeps for a tool's results (what callTool checks structured content with).
    const validate = (
      second as unknown as { getToolOutputValidator(name: string): (v: unknown) => { valid: boolean; errorMessage?: string } }
    ).getToolOutputValidator('locate');
    expect(validate({ lat: 1, lon: 2 }).valid).toBe(true);
    expect(validate({ lat: 'north' })).toMatchObject({ valid: false, errorMessage: expect.stringMatching(/lat/) });
  });

  it('keeps a compile error and throws the same one again, as each fresh client would', async () => {
    const broken = { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } };
    const compile = vi.spyOn(AjvJsonSchemaValidator.prototype, 'getValidator');
    const fresh = new AjvJsonSchemaValidator();
    const expected = (() => {
      try {
        fresh.getValidator(structuredClone(broken));
      } catch (error) {
        return (error as Error).message;
      }
      return 'compiled';
    })();
    expect(expected).toMatch(/can't resolve reference/);
    const before = compile.mock.calls.length;
    for (let i = 0; i < 2; i++) expect(() => ownValidator(new ClientShared()).getValidator(structuredClone(broken))).toThrow(expected);
    expect(compile.mock.calls.length - before).toBe(1);
  });

  it('compiles a schema with an identifier in each client, where earlier schemas of that listing may meet it', () => {
    const withId = { $id: 'https://example.com/point', type: 'object', properties: { x: { type: 'number' } } };
    const compile = vi.spyOn(AjvJsonSchemaValidator.prototype, 'getValidator');
    for (let i = 0; i < 2; i++) ownValidator(new ClientShared()).getValidator(structuredClone(withId));
    expect(compile).toHaveBeenCalledTimes(2);
  });

  it('knows a self-contained schema from one that names or references outside itself', () => {
    expect(selfContainedKey({ type: 'object', properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { type: 'string' } } })).toBeDefined();
    expect(selfContainedKey({ type: 'string', description: 'see "$ref": "other"' })).toBeDefined();
    expect(selfContainedKey({ $id: 'x', type: 'string' })).toBeUndefined();
    expect(selfContainedKey({ type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } })).toBeUndefined();
    expect(selfContainedKey({ $defs: { a: { $anchor: 'a' } } })).toBeUndefined();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(selfContainedKey(cyclic)).toBeUndefined();
  });

  it('leaves a client without the validator seam as it is', () => {
    const plain = { _ajv: {} };
    shareCompiledValidators(plain);
    shareCompiledValidators(null);
    expect(plain).toEqual({ _ajv: {} });
  });
});

/** A client whose validator is shared, not connected: its validator is what listing would use. */
class ClientShared extends Client {
  constructor() {
    super({ name: 'test', version: '1.0.0' });
    shareCompiledValidators(this);
  }
}
