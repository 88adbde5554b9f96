/**
 * A buffer opened and edited while the first workspace scan is analysing its file: the scan read the disk text,
 * and what it found there must never stick to the buffer (through later edits, nor after the close). The real
 * built server over stdio; a slow module in the same scan batch keeps that batch open while the editor acts.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, TestClient } from './client';

const COLLIDING = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export const server = new McpServer({ name: 'target', version: '1.0.0' });
const Target = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), id: z.string() }),
  z.object({ kind: z.literal('channel'), id: z.number() }),
]);
server.registerTool('notify', { inputSchema: { target: Target } }, async () => ({ content: [] }));
`;
// The same tool with the collision renamed away: no finding.
const CLEAN = COLLIDING.replace('id: z.number()', 'channelId: z.number()');

const SLOW = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

await new Promise((resolve) => setTimeout(resolve, 2500));
export const server = new McpServer({ name: 'slow', version: '1.0.0' });
server.registerTool('slow', { inputSchema: { id: z.string() } }, async () => ({ content: [] }));
`;

describe('a buffer edited during the first scan', { timeout: 120_000 }, () => {
  it('shows its own text’s findings after the scan, after further edits and after the close', async () => {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-scan-race-')));
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(path.join(root, 'package.json'), '{ "name": "scan-race", "private": true, "type": "module" }\n');
    fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    const slow = path.join(root, 'src/a_slow.ts');
    const target = path.join(root, 'src/b_target.ts');
    fs.writeFileSync(slow, SLOW);
    fs.writeFileSync(target, COLLIDING);
    const client = await TestClient.inProcess({ root, initializationOptions: { debounceMs: 0 } });
    try {
      // The scan's batch (both files) is under way: the slow module holds it open for seconds.
      await client.waitFor('the scan batch', () =>
        client.notifications.find((n) => n.method === 'toolSchemaLens/status' && /of 2 files/.test(n.params.detail ?? '')),
      );
      client.open(target, CLEAN);
      const edited = client.change(target, CLEAN + '\n// edited\n');
      await client.waitForDiagnostics(target, { version: edited });
      await client.waitForStatus('idle', 0, 60_000);
      await new Promise((r) => setTimeout(r, 300));
      const lastFor = () => client.publishedFor(target).at(-1)!;
      expect(lastFor().diagnostics.map((d) => d.code)).toEqual([]);

      const again = client.change(target, CLEAN + '\n// edited twice\n');
      await client.waitForDiagnostics(target, { version: again });
      await new Promise((r) => setTimeout(r, 300));
      expect(lastFor().diagnostics.map((d) => d.code)).toEqual([]);

      // The fix saved to disk, then the buffer closed: the disk text (clean now) speaks.
      fs.writeFileSync(target, CLEAN);
      const runs = () => client.logs.filter((l) => l.startsWith('analysed b_target.ts')).length;
      const before = runs();
      client.close(target);
      // Re-analysed from the disk after the close (what it publishes then, if anything, is checked below).
      await client.waitFor('the analysis after the close', () => (runs() > before ? true : undefined));
      await new Promise((r) => setTimeout(r, 500));
      expect(lastFor().diagnostics.map((d) => d.code)).toEqual([]);
    } finally {
      client.kill();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
