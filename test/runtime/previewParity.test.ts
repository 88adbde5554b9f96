/**
 * One default for the preview and what ships (issue 52): a union shipped with `flattenTool` and its default options,
 * as a real MCP SDK 1.32 server lists it to its own client, is byte for byte the schema the editor and `check` preview
 * for that union flattened (`advertise` with the engine's defaults), for every flatten fixture: each way variants can
 * declare a key differently (the collisions the widening decides), and random unions in every zod flavour the SDK takes.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flattenTool } from '../../runtime/src/index';
import { advertise } from '../../shared/index';
import { FLAVOURS, type Flavour } from '../engine/support/flavours';
import { buildSchema, duArb } from '../engine/support/randomSchemas';

/** What a client of a real SDK 1.32 server lists for the union shipped with the runtime's defaults. */
async function shipped(original: any): Promise<unknown> {
  const send = flattenTool(original);
  const server = new McpServer({ name: 'parity', version: '1.0.0' });
  server.registerTool(
    'tool',
    { inputSchema: send.inputSchema },
    send.handler(async () => ({ content: [] })),
  );
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'parity', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    return (await client.listTools()).tools[0].inputSchema;
  } finally {
    await client.close();
  }
}

const preview = (original: any) => advertise({ name: 'tool', input: original }, { flattenUnionInput: true, target: 'draft-7' }).jsonSchema;

/** The ways variants declare one key differently, each a flatten fixture of its own. */
function collisions(f: Flavour): Array<[string, unknown]> {
  const du = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    f.du('kind', [f.object({ kind: f.literal('a'), ...a }), f.object({ kind: f.literal('b'), ...b })]);
  return [
    ['different JSON types (string, number)', du({ x: f.string() }, { x: f.number() })],
    ['object in one, array in the other', du({ media: f.object({ url: f.string() }) }, { media: f.array(f.string()) })],
    ['one type, different bounds', du({ n: f.min(f.number(), 0) }, { n: f.max(f.number(), 9) })],
    ['different enum values', du({ sort: f.enum(['new', 'old']) }, { sort: f.enum(['top']) })],
    ['required in one, optional in the other', du({ q: f.string() }, { q: f.optional(f.string()) })],
    ['a check JSON cannot carry', du({ s: f.refine(f.string(), (v: string) => v.length > 1) }, { s: f.string() })],
    ['the same declaration (kept)', du({ id: f.string() }, { id: f.string() })],
  ];
}

const FLAVOURS_SDK_TAKES = FLAVOURS.filter((f) => !f.mini);

describe.each(FLAVOURS_SDK_TAKES.map((f) => [f.name, f] as const))('the runtime ships what the editor previews, with %s', (_name, f) => {
  it.each(collisions(f))('%s', async (_what, original) => {
    expect(await shipped(original)).toEqual(preview(original));
  });
});

describe('random unions in every flavour the SDK takes', () => {
  it('ship, with the runtime defaults, the schema the editor previews', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FLAVOURS_SDK_TAKES), duArb(2), async (f, spec) => {
        const original = buildSchema(f, spec);
        expect(await shipped(original)).toEqual(preview(original));
      }),
      { numRuns: 60 },
    );
  });
});
