/**
 * Tools a server registers once a client initializes (`server.server.oninitialized`: offered only to clients that
 * declare sampling, URL elicitation or roots) and task tools (`experimental.tasks.registerToolTask`) are reported,
 * each as the SDK's real client declaring every capability receives it, and placed where it is registered. Before,
 * no evaluation ran a client's initialize, so such tools were missing and their files said "no tool was registered".
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createEvaluator } from '../../server/pipeline/evaluate/index';
import { EVERY_CAPABILITY } from '../../server/pipeline/evaluate/worker/shipped/mcpTools';

const fixtures = path.join(__dirname, '..', 'fixtures');
const evaluator = createEvaluator({ timeoutMs: 20_000 });
afterAll(() => evaluator.dispose());

let fresh = 0;
/** What the fixture's own SDK client receives from a fresh copy of the server, declaring `capabilities`. */
async function realList(root: string, file: string, capabilities: object): Promise<any[]> {
  const sdk = path.join(root, 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm');
  const load = (f: string) => import(pathToFileURL(f).href);
  const { Client, InMemoryTransport } = existsSync(sdk)
    ? { Client: (await load(path.join(sdk, 'client', 'index.js'))).Client, InMemoryTransport: (await load(path.join(sdk, 'inMemory.js'))).InMemoryTransport }
    : {
        Client: (await load(path.join(root, 'node_modules/@modelcontextprotocol/client/dist/index.mjs'))).Client,
        InMemoryTransport: (await load(path.join(root, 'node_modules/@modelcontextprotocol/server/dist/index.mjs'))).InMemoryTransport,
      };
  const { server } = await import(`${pathToFileURL(file).href}?fresh=${++fresh}`);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'reference', version: '0.0.0' }, { capabilities });
  await client.connect(clientSide);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}

describe.each([
  { fixture: 'ship-sdk132-zod46', offered: ['always', 'research'], everything: ['always', 'research', 'summarise', 'signIn', 'listRoots'] },
  { fixture: 'ship-server2', offered: ['always'], everything: ['always', 'summarise'] },
])('$fixture', ({ fixture, offered, everything }) => {
  const root = path.join(fixtures, fixture);
  const file = path.join(root, 'src', 'clientCapabilities.ts');

  it('every tool a client declaring every capability is offered, byte for byte, where it is registered', async () => {
    const [result, real, bare] = await Promise.all([
      evaluator.evaluate({ file, options: { flattenUnionInput: 'auto', target: 'draft-7' } }),
      realList(root, file, EVERY_CAPABILITY),
      realList(root, file, {}),
    ]);
    expect(result.failure).toBeUndefined();
    // The reference: a client declaring nothing is offered fewer tools; one declaring everything, all of them.
    expect(bare.map((t) => t.name)).toEqual(offered);
    expect(real.map((t) => t.name)).toEqual(everything);
    const tools = result.tools.filter((t) => t.kind === 'registration');
    expect(tools.map((t) => t.name).sort()).toEqual([...everything].sort());
    for (const sent of real) {
      const ours = tools.find((t) => t.name === sent.name)!;
      expect([sent.name, ours.shipped?.source]).toEqual([sent.name, 'library']);
      expect(JSON.stringify(ours.shipped?.definition)).toBe(JSON.stringify(sent));
    }
    const roots = tools.find((t) => t.name === 'listRoots');
    if (roots) expect([path.basename(roots.callSite!.file), roots.callSite!.line]).toEqual(['rootsTool.ts', 5]); // 0-based: line 6;
  });
});
