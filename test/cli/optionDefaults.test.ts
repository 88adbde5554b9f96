/**
 * A factory the program's start does not reach (built per session by an HTTP route) is called by the check; an
 * option its destructuring gives a default (`{ skipDownloads = false }`) gets that default, as from a caller that
 * leaves it out, never a placeholder, which is truthy and turned the tools it guards off. What the check reports is
 * compared with what the SDK's real client lists from the same factory called with only its required options.
 */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runInProcess } from './runCli';

const FIXTURE = path.join(FIXTURES, 'servers-option-defaults');

async function listedByClient(): Promise<Array<{ name: string; inputSchema: unknown }>> {
  const { createServer } = (await import(
    pathToFileURL(path.join(FIXTURE, 'src/server.ts')).href
  )) as typeof import('../fixtures/servers-option-defaults/src/server');
  const server = createServer({ token: '' }, { transport: 'stdio' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'reference', version: '1.0.0' });
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  await client.close();
  return tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema })).sort((a, b) => a.name.localeCompare(b.name));
}

describe('a factory called with the defaults its options declare', () => {
  it('finds every tool those defaults register, each as the real client lists it', async () => {
    const run = await runInProcess(['check', '.', '--format', 'json', '--no-cache'], { cwd: FIXTURE });
    expect(run.code, run.stderr).toBe(0);
    const found = (JSON.parse(run.stdout) as { tools: Array<{ name: string; advertised: unknown; calledFactory?: string }> }).tools
      .map((t) => ({ name: t.name, inputSchema: t.advertised, calledFactory: t.calledFactory }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const listed = await listedByClient();
    expect(listed.map((t) => t.name)).toEqual(['download_images', 'get_design', 'rename_layer']);
    expect(found).toEqual(listed.map((t) => ({ ...t, calledFactory: 'createServer' })));
  });
});
