/**
 * The emulation of last resort (the SDK could not be asked) says what SDK 1.23–1.32 really send for a root union:
 * an empty object, so the tool is `schema-dropped`, not "not mountable". Checked against each fixture's real SDK.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { judgeAlone } from '../../server/pipeline/evaluate/worker/judge/judge';

const fixtures = path.join(__dirname, '..', 'fixtures');

async function realAct(root: string): Promise<{ input: unknown; listed: unknown }> {
  const sdk = path.join(root, 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm');
  const load = (file: string) => import(pathToFileURL(file).href);
  const [{ Client }, { InMemoryTransport }, { server }] = await Promise.all([
    load(path.join(sdk, 'client', 'index.js')),
    load(path.join(sdk, 'inMemory.js')),
    load(path.join(root, 'src', 'tools.ts')),
  ]);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'reference', version: '0.0.0' }, { capabilities: {} });
  await client.connect(clientSide);
  try {
    const { tools } = await client.listTools();
    return { input: server._registeredTools.act.inputSchema, listed: tools.find((t: { name: string }) => t.name === 'act')?.inputSchema };
  } finally {
    await client.close();
  }
}

function emulate(root: string, input: unknown) {
  const libraryModule = path.join(root, 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm', 'server', 'mcp.js');
  const judged = judgeAlone({ sdk: 'mcp', name: 'act', input, libraryModule }, { flattenUnionInput: 'auto', target: 'draft-7' }, () => undefined);
  return judged!.tool;
}

describe('a root union where the SDK could not be asked', () => {
  it.each(['ship-sdk125-zod421', 'ship-sdk132-zod46'])('%s: emulated as the empty object its SDK sends, and schema-dropped', async (fixture) => {
    const root = path.join(fixtures, fixture);
    const { input, listed } = await realAct(root);
    const tool = emulate(root, input);
    expect(listed).toEqual({ type: 'object', properties: {} });
    expect(JSON.stringify(tool.advertised)).toBe(JSON.stringify(listed));
    expect([tool.shipped?.source, tool.mountable, tool.findings.map((f) => f.code)]).toEqual(['emulated', true, ['schema-dropped']]);
  });

  it('SDK 1.22 (whose client refuses that tool) keeps the engine emulation', async () => {
    const root = path.join(fixtures, 'ship-sdk122-zod4112');
    const { server } = await import(pathToFileURL(path.join(root, 'src', 'tools.ts')).href);
    const input = server._registeredTools.act.inputSchema;
    const tool = emulate(root, input);
    expect(tool.findings.map((f) => f.code)).not.toContain('schema-dropped');
    expect(tool.advertised).not.toEqual({ type: 'object', properties: {} });
  });
});
