/**
 * The runtime's promise through each real SDK (issue 24, item 6): random discriminated unions in every zod flavour an
 * SDK takes, shipped with `flattenTool` (typed widening, asked for) on a server of MCP TypeScript SDK 1.32, SDK 1.17
 * (a raw shape, as the README says below 1.20) and `@modelcontextprotocol/server` 2.x, called by that SDK's own client
 * over its in-memory transport. Each call, valid or not (a key no variant declares, a
 * required key missing, an unknown discriminator, an own `__proto__` key, an argument double-serialized), ends exactly as it ends when the
 * ORIGINAL union is registered on the same server: accepted with the same handler value, or refused.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { flattenTool } from '../../runtime/src/index';
import { FIXTURES } from '../cli/runCli';
import { FLAVOURS } from '../engine/support/flavours';
import { buildSchema, duArb, EXTRA_KEY, serializeSomewhere, valueArb, type FieldSpec } from '../engine/support/randomSchemas';

const NUM_RUNS = 150;

interface Sdk {
  label: string;
  /** The SDK's server, client and in-memory transport classes. */
  load(): Promise<{ McpServer: any; Client: any; InMemoryTransport: any }>;
  /** The zod flavours it takes. */
  flavours: string[];
  /** Takes raw shapes only (below 1.20): the runtime's `.shape`, the original's `.shape` beside it, object roots only. */
  rawShape?: boolean;
}

const fixtureModule = (fixture: string, file: string) => import(pathToFileURL(path.join(FIXTURES, fixture, 'node_modules', file)).href);
const SDKS: Sdk[] = [
  {
    label: 'MCP SDK 1.32',
    load: async () => ({
      McpServer: (await import('@modelcontextprotocol/sdk/server/mcp.js')).McpServer,
      Client: (await import('@modelcontextprotocol/sdk/client/index.js')).Client,
      InMemoryTransport: (await import('@modelcontextprotocol/sdk/inMemory.js')).InMemoryTransport,
    }),
    // zod/mini has no .safeParse of its own to register directly.
    flavours: FLAVOURS.filter((f) => !f.mini).map((f) => f.name),
  },
  {
    label: 'MCP SDK 1.17 (raw shape)',
    load: async () => ({
      McpServer: (await fixtureModule('runtime-sdk117-zod3', '@modelcontextprotocol/sdk/dist/esm/server/mcp.js')).McpServer,
      Client: (await fixtureModule('runtime-sdk117-zod3', '@modelcontextprotocol/sdk/dist/esm/client/index.js')).Client,
      InMemoryTransport: (await fixtureModule('runtime-sdk117-zod3', '@modelcontextprotocol/sdk/dist/esm/inMemory.js')).InMemoryTransport,
    }),
    flavours: FLAVOURS.filter((f) => f.major === 3).map((f) => f.name),
    rawShape: true,
  },
  {
    label: '@modelcontextprotocol/server 2.x',
    load: async () => {
      const server = await fixtureModule('runtime-server2-zod4', '@modelcontextprotocol/server/dist/index.mjs');
      const client = await fixtureModule('runtime-server2-zod4', '@modelcontextprotocol/client/dist/index.mjs');
      return { McpServer: server.McpServer, InMemoryTransport: server.InMemoryTransport, Client: client.Client };
    },
    flavours: FLAVOURS.filter((f) => f.major === 4 && !f.mini).map((f) => f.name),
  },
];

type Outcome = { accepted: true; value: unknown } | { accepted: false };

/** One server with the runtime's tool and the original's, and its SDK's client. */
async function serve(sdk: Sdk, original: any) {
  const { McpServer, Client, InMemoryTransport } = await sdk.load();
  // Typed widening asked for: the default (`unknown`) is compared with the editor's preview in previewParity.test.ts.
  const send = flattenTool(original, { collisionWidening: 'type-array' });
  const server = new McpServer({ name: 'property', version: '1.0.0' });
  const echo = async (args: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(args) ?? 'undefined' }] });
  server.registerTool('runtime', { inputSchema: sdk.rawShape ? send.shape : send.inputSchema }, send.handler(echo));
  server.registerTool('original', { inputSchema: sdk.rawShape ? original.shape : original }, echo);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'property', version: '1.0.0' });
  await client.connect(clientSide);
  const call = async (name: string, args: unknown): Promise<Outcome> => {
    try {
      const result: any = await client.callTool({ name, arguments: args as Record<string, unknown> });
      return result.isError ? { accepted: false } : { accepted: true, value: JSON.parse(result.content[0].text) };
    } catch {
      return { accepted: false }; // the SDK's own input validation error
    }
  };
  return { client, call, close: () => client.close() };
}

/** Calls a model may make from one valid value: as is, with an extra key, a key dropped, a bad discriminator, serialized. */
function variantsOf(root: FieldSpec, value: unknown, rnd: () => number): unknown[] {
  const out: unknown[] = [value];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    out.push({ ...obj, [EXTRA_KEY]: 1 });
    const keys = Object.keys(obj);
    if (keys.length > 0) {
      const dropped = { ...obj };
      delete dropped[keys[Math.floor(rnd() * keys.length)]];
      out.push(dropped);
    }
    if (root.t === 'du') out.push({ ...obj, [root.disc]: 'no_such_variant' });
    // An own `__proto__` key, as JSON.parse makes one from the wire.
    if (keys.length > 0) out.push(JSON.parse(`{"__proto__":{"polluted":true},${JSON.stringify(obj).slice(1)}`));
  }
  const sent = serializeSomewhere(root, value, rnd);
  if (sent !== value) out.push(sent);
  return out;
}

const caseArb = (sdk: Sdk) =>
  fc.record({ flavour: fc.constantFrom(...sdk.flavours), du: duArb(2), wrapInObject: sdk.rawShape ? fc.constant(true) : fc.boolean() }).chain((c) => {
    const root: FieldSpec = c.wrapInObject ? { t: 'object', fields: { root: c.du, note: { t: 'string' } } } : c.du;
    return fc.record({ c: fc.constant(c), root: fc.constant(root), values: fc.array(valueArb(root), { minLength: 1, maxLength: 3 }), seed: fc.integer() });
  });

describe.each(SDKS.map((sdk) => [sdk.label, sdk] as const))('the runtime through %s and its real client, typed widening', (_label, sdk) => {
  it(`ends every call as the original registered on the same server does (${NUM_RUNS} random unions)`, { timeout: 600_000 }, async () => {
    let calls = 0;
    let refused = 0;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(caseArb(sdk), async ({ c, root, values, seed }) => {
        let state = seed >>> 0;
        const rnd = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
        const flavour = FLAVOURS.find((f) => f.name === c.flavour)!;
        const original = buildSchema(flavour, root);
        const { client, call, close } = await serve(sdk, original);
        try {
          const listed = (await client.listTools()).tools.find((t: { name: string }) => t.name === 'runtime')!;
          expect(JSON.stringify(listed.inputSchema.properties ?? {}), `${c.flavour}: the listed schema`).not.toMatch(/"oneOf"/);
          for (const value of values) {
            for (const sent of variantsOf(root, value, rnd)) {
              calls++;
              const direct = await call('original', sent);
              const shipped = await call('runtime', sent);
              // A double-serialized argument is the one thing the runtime does on purpose that the original does not.
              if (!direct.accepted && shipped.accepted && sent !== value && JSON.stringify(sent) !== JSON.stringify(value)) {
                const repaired = await call('original', value);
                expect(shipped, `${c.flavour}: repairing ${JSON.stringify(sent)}`).toEqual(repaired);
                continue;
              }
              if (direct.accepted) accepted++;
              else refused++;
              expect(shipped, `${c.flavour}: ${JSON.stringify(sent)}`).toEqual(direct);
            }
          }
        } finally {
          await close();
        }
      }),
      { numRuns: NUM_RUNS },
    );
    expect(calls).toBeGreaterThan(NUM_RUNS * 3);
    expect(refused).toBeGreaterThan(NUM_RUNS / 2);
    expect(accepted).toBeGreaterThan(NUM_RUNS);
  });
});
