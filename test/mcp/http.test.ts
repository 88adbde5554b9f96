/**
 * Our MCP server on Streamable HTTP (issue 54), through the SDK's real client: bound to the loopback interface, two
 * sessions over one folder sharing its incremental state, an edit on disk answered by re-running only what changed,
 * bad arguments answered as errors, and a request addressed to another host name refused (DNS rebinding).
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/runCli';
import { copyFixture } from '../lsp/client';
import { call, callError, httpSession, startHttpServer } from './session';

const root = copyFixture('mcp-agent');
const lookup = path.join(root, 'src/lookup.ts');
let server: Awaited<ReturnType<typeof startHttpServer>>;

beforeAll(async () => {
  server = await startHttpServer(root);
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A raw POST of an initialize request with the given Host header: its status. */
function initializeWithHost(url: URL, host: string): Promise<number> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'page', version: '1' } },
  });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('tool-schema-lens mcp --http', { timeout: 180_000 }, () => {
  it('listens on the loopback interface only', () => {
    expect(server.url.hostname).toBe('127.0.0.1');
    expect(server.url.pathname).toBe('/mcp');
  });

  it('lists the tools and answers check_tools, then an edit from the incremental state, across sessions', async () => {
    const first = await httpSession(server.url);
    const second = await httpSession(server.url);
    try {
      expect((await first.client.listTools()).tools.map((t) => t.name)).toEqual([
        'check_tools',
        'preview_tool',
        'explain_finding',
        'diff_tools',
        'suggest_fix',
      ]);
      const cold = await call(first.client, 'check_tools');
      expect(cold.items[0].findings).toEqual([expect.objectContaining({ file: 'src/lookup.ts', line: 4, code: 'client-rejects', rule: 'format' })]);
      // Another session over the same folder shares its state: nothing runs again.
      const shared = await call(second.client, 'check_tools');
      expect(shared.analysis).toMatchObject({ files: 0, full: false });
      expect(shared.items).toEqual(cold.items);

      fs.writeFileSync(lookup, fs.readFileSync(lookup, 'utf8').replace('z.string().url()', 'z.string()'));
      const warm = await call(second.client, 'check_tools');
      expect(warm.analysis.full).toBe(false);
      expect(warm.analysis.files).toBeGreaterThan(0);
      expect(warm.summary).toMatchObject({ tools: 1, errors: 0 });
      const preview = await call(first.client, 'preview_tool', { name: 'lookup_page' });
      expect(preview.definition.inputSchema.properties.url).toEqual({ type: 'string' });
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('answers bad arguments with errors and goes on serving', async () => {
    const session = await httpSession(server.url);
    try {
      expect(await callError(session.client, 'no_such_tool')).toMatch(/not found/);
      expect(await callError(session.client, 'suggest_fix', { file: '../../etc/passwd', line: 1 })).toMatch(/outside the workspace|No such file/);
      expect(await callError(session.client, 'check_tools', { pageSize: 10_000 })).toMatch(/pageSize/);
      expect((await call(session.client, 'explain_finding', { code: 'format' })).clientRules.length).toBeGreaterThan(0);
    } finally {
      await session.close();
    }
  });

  it('says a port in use is one, and exits 2', async () => {
    const run = await runCli(['mcp', '--http', server.url.port], { cwd: root });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`tool-schema-lens: port ${server.url.port} cannot be listened on (EADDRINUSE): pick another with --http <port>`);
  });

  it('refuses a request addressed to another host name', async () => {
    expect(await initializeWithHost(server.url, 'attacker.example:80')).toBe(403);
    expect(await initializeWithHost(server.url, `localhost:${server.url.port}`)).toBe(200);
  });
});
