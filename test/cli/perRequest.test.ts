/**
 * Servers built per request (test/fixtures/per-request): a Worker that builds its McpServer inside `fetch`, behind a
 * router no top-level function names, and a Next.js route through mcp-handler. `check` sends each handler a client's
 * first request, so the server is built and its tools recorded. The oracle is the handler itself, listed by the SDK's
 * real client whose requests go to the Worker's own `fetch`, in process.
 */
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runInProcess } from './runCli';
import worker from '../fixtures/per-request/worker/src/index';

const ROOT = path.join(FIXTURES, 'per-request');

async function listedByTheHandler(): Promise<Record<string, string>> {
  const env = { SITE_NAME: 'docs' };
  const client = new Client({ name: 'per-request-oracle', version: '0' });
  const fetch = (url: string | URL | Request, init?: RequestInit) => worker.fetch(new Request(url, init), env);
  await client.connect(new StreamableHTTPClientTransport(new URL('http://localhost:8787/mcp'), { fetch }));
  try {
    const { tools } = await client.listTools();
    return Object.fromEntries(tools.map((t) => [t.name, JSON.stringify(t)]));
  } finally {
    await client.close();
  }
}

describe('servers built per request', () => {
  it("a Worker's fetch: check sends it a client's first request and lists what its server registers, byte for byte", async () => {
    const [real, run] = await Promise.all([
      listedByTheHandler(),
      runInProcess(['check', '.', '--format', 'json', '--no-cache'], { cwd: path.join(ROOT, 'worker') }),
    ]);
    const report = JSON.parse(run.stdout) as { tools: Array<{ name: string; definition?: unknown; file: string; line: number }> };
    expect(Object.fromEntries(report.tools.map((t) => [t.name, JSON.stringify(t.definition)]))).toEqual(real);
    // Each found where it is registered, inside the route's closure.
    expect(report.tools.map((t) => `${t.name} ${t.file}:${t.line}`).sort()).toEqual(['get_page src/index.ts:15', 'search_site src/index.ts:18']);
  });

  it('a Next.js route served through mcp-handler', async () => {
    const run = await runInProcess(['check', '.', '--format', 'json', '--no-cache'], { cwd: path.join(ROOT, 'next-route') });
    expect((JSON.parse(run.stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name)).toEqual(['roll_dice']);
  });
});
