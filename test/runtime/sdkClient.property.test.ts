/**
 * The runtime's promise through a real SDK (issue 24, item 6): random discriminated unions in every zod flavour the
 * SDK takes, shipped with `flattenTool` (its default, typed widening) on an MCP TypeScript SDK server and called by
 * that SDK's own client over its in-memory transport. Each call, valid or not (a key no variant declares, a
 * required key missing, an unknown discriminator, an own `__proto__` key, an argument double-serialized), ends exactly as it ends when the
 * ORIGINAL union is registered on the same server: accepted with the same handler value, or refused.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { flattenTool } from '../../runtime/src/index';
import { FLAVOURS } from '../engine/support/flavours';
import { buildSchema, duArb, EXTRA_KEY, serializeSomewhere, valueArb, type FieldSpec } from '../engine/support/randomSchemas';

const NUM_RUNS = 200;
// zod/mini has no .safeParse of its own to register directly: SDK 1.32 takes zod 3 and zod 4 classic.
const SDK_FLAVOURS = FLAVOURS.filter((f) => !f.mini);

type Outcome = { accepted: true; value: unknown } | { accepted: false };

/** One server with the runtime's tool and the original's, and its SDK's client. */
async function serve(original: any) {
  const send = flattenTool(original);
  const server = new McpServer({ name: 'property', version: '1.0.0' });
  const echo = async (args: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(args) ?? 'undefined' }] });
  server.registerTool('runtime', { inputSchema: send.inputSchema as any }, send.handler(echo) as any);
  server.registerTool('original', { inputSchema: original }, echo as any);
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

const caseArb = fc.record({ flavour: fc.constantFrom(...SDK_FLAVOURS.map((f) => f.name)), du: duArb(2), wrapInObject: fc.boolean() }).chain((c) => {
  const root: FieldSpec = c.wrapInObject ? { t: 'object', fields: { root: c.du, note: { t: 'string' } } } : c.du;
  return fc.record({ c: fc.constant(c), root: fc.constant(root), values: fc.array(valueArb(root), { minLength: 1, maxLength: 3 }), seed: fc.integer() });
});

describe('the runtime through MCP SDK 1.32 and its real client, typed widening', () => {
  it(`ends every call as the original union registered on the same server does (${NUM_RUNS} random unions)`, { timeout: 600_000 }, async () => {
    let calls = 0;
    let refused = 0;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ c, root, values, seed }) => {
        let state = seed >>> 0;
        const rnd = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
        const flavour = SDK_FLAVOURS.find((f) => f.name === c.flavour)!;
        const original = buildSchema(flavour, root);
        const { client, call, close } = await serve(original);
        try {
          const listed = (await client.listTools()).tools.find((t) => t.name === 'runtime')!;
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
