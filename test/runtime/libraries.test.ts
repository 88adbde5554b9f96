/**
 * The runtime with the libraries whose own call sites differ from the MCP SDK's: fastmcp `addTool` (served to a real
 * MCP client through `FastMCP.connect`) and the OpenAI Agents SDK `tool()` (invoked as the agent runner does).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { tool as agentsTool, RunContext } from '@openai/agents';
import { FastMCP } from 'fastmcp';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { flattenTool, inputErrorText } from '../../runtime/src/index';

const input = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), values: z.array(z.number()).min(1) }),
  z.object({ op: z.literal('rename'), from: z.string(), to: z.string().transform((s) => s.toLowerCase()) }),
]);

describe('fastmcp addTool', () => {
  it('lists the flat schema and answers with the original parse, isError on what only the flat schema accepts', async () => {
    const send = flattenTool(input);
    const server = new FastMCP({ name: 'runtime-fastmcp', version: '1.0.0' });
    server.addTool({
      name: 'edit',
      description: 'Edit things',
      parameters: send.inputSchema,
      execute: send.handler(async (args) => JSON.stringify(args)),
    });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'runtime-test', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const listed = (await client.listTools()).tools.find((t) => t.name === 'edit')!;
      expect(listed.inputSchema.properties).toHaveProperty('op.enum', ['add', 'rename']);
      expect(JSON.stringify(listed.inputSchema)).not.toMatch(/"(oneOf|anyOf)"/);
      const ok = (await client.callTool({ name: 'edit', arguments: { op: 'rename', from: 'A', to: 'B' } })) as { content: Array<{ text: string }> };
      expect(JSON.parse(ok.content[0].text)).toEqual({ op: 'rename', from: 'A', to: 'b' });
      const repaired = (await client.callTool({ name: 'edit', arguments: { op: 'add', values: '[1,2]' } })) as { content: Array<{ text: string }> };
      expect(JSON.parse(repaired.content[0].text)).toEqual({ op: 'add', values: [1, 2] });
      const refused = (await client.callTool({ name: 'edit', arguments: { op: 'rename', from: 'A' } })) as {
        isError?: boolean;
        content: Array<{ text: string }>;
      };
      expect(refused.isError).toBe(true);
      expect(refused.content[0].text).toMatch(/^Invalid arguments:\nto: /);
    } finally {
      await client.close();
    }
  });
});

describe('OpenAI Agents tool()', () => {
  it('invokes execute with the original parse; a refusal reaches the model as the error text', async () => {
    const send = flattenTool(input);
    const seen: unknown[] = [];
    // The SDK takes a zod schema only in strict mode, which refuses optional keys (every variant key of a flat
    // object is optional): the tool ships the flat JSON Schema, non-strict, and execute parses with the original.
    const edit = agentsTool({
      name: 'edit',
      description: 'Edit things',
      parameters: send.jsonSchema() as never,
      strict: false,
      errorFunction: (_context, error) => inputErrorText(error) ?? 'An error occurred while running the tool.',
      execute: send.execute(async (args) => {
        seen.push(args);
        return 'done';
      }),
    });
    expect(JSON.stringify(edit.parameters)).not.toMatch(/"(oneOf|anyOf)"/);
    const context = new RunContext({});
    expect(await edit.invoke(context, JSON.stringify({ op: 'rename', from: 'A', to: 'B' }))).toBe('done');
    expect(seen).toEqual([{ op: 'rename', from: 'A', to: 'b' }]);
    const refused = await edit.invoke(context, JSON.stringify({ op: 'add' }));
    expect(String(refused)).toMatch(/values/);
    expect(seen).toHaveLength(1);
  });
});

describe('types', () => {
  it('hands the handler the original schema’s output type', () => {
    const send = flattenTool(input);
    const handler = send.handler(async (args) => {
      expectTypeOf(args).toEqualTypeOf<z.output<typeof input>>();
      return { content: [] };
    });
    expectTypeOf(handler).parameter(0).toBeUnknown();
    expectTypeOf(send.inputSchema).toMatchTypeOf<z.ZodObject>();
  });
});

describe('params and extend', () => {
  it('merges a host params object into the flat object; each part parses the keys it declares', async () => {
    const params = z.object({ workspace: z.string().min(1) });
    const send = flattenTool(input, { params });
    const keys = Object.keys((send.jsonSchema() as { properties: object }).properties);
    expect(keys).toEqual(['workspace', 'op', 'values', 'from', 'to']);
    expect(await send.parse({ workspace: 'w', op: 'rename', from: 'A', to: 'B' })).toEqual({
      ok: true,
      value: { workspace: 'w', op: 'rename', from: 'A', to: 'b' },
    });
    const refused = await send.parse({ workspace: '', op: 'add', values: [] });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? [] : refused.issues.map((i) => i.path?.map((p) => String(typeof p === 'object' ? p.key : p)).join('.'))).toEqual([
      'workspace',
      'values',
    ]);
  });

  it('refuses plainly an input that cannot be one object', () => {
    expect(() => flattenTool(z.string())).toThrow(/cannot flatten this input/);
  });
});
