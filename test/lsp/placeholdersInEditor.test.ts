/**
 * Tools found with placeholder values (issue 49) say so in the editor as in `check`: a real LSP client's hover on a
 * tool of a start that throws without its credentials, and the Tool Schemas view's summary of it, name the variables
 * to set.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { copyFixture, TestClient } from './client';
import { positionOf } from './fixture';

const clients: TestClient[] = [];
const roots: string[] = [];
afterAll(() => {
  for (const c of clients) c.kill();
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

const NOTE = 'Found with placeholder values for ACME_CLIENT_ID, ACME_CLIENT_SECRET, which its start needs and which are unset';

describe('placeholders in the editor', { timeout: 240_000 }, () => {
  it('the hover and the view summary of a tool found with placeholders name the variables to set', async () => {
    const root = copyFixture('starts/throw-at-import');
    roots.push(root);
    const client = await TestClient.inProcess({ root });
    clients.push(client);
    await client.waitForStatus('idle');
    const file = path.join(root, 'src', 'tools', 'customers.ts');
    const hover = ((await client.hover(file, positionOf(file, "'list_customers'", 0, 2)))!.contents as MarkupContent).value;
    expect(hover).toContain(`_${NOTE}`);
    const tools = await client.request<Array<{ name: string; foundWith?: string }>>('toolSchemaLens/listTools', {});
    expect(tools.find((t) => t.name === 'list_customers')?.foundWith).toContain(NOTE);
  });
});
