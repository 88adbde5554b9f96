/**
 * Tools a loop registers from a registry, written the two other common ways (issue 51): an entry whose input is an
 * empty shape (`inputSchema: {}`, no zod call marks where it is written) and a class (`name = '…'; schema = {…}`).
 * Each still carries its lens in its own file, found by the name it is registered under.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, TestClient, uriOf } from './client';
import { positionOf } from './fixture';

describe('registry entries without a schema of their own, and classes, registered in a loop', { timeout: 240_000 }, () => {
  let root: string;
  let client: TestClient;
  let status: string;
  let search: string;

  beforeAll(async () => {
    root = copyFixture('lsp-registry');
    status = path.join(root, 'src/tools/status.ts');
    search = path.join(root, 'src/tools/search.ts');
    client = await TestClient.inProcess({ root, initializationOptions: { debounceMs: 0 } });
    client.open(status);
    client.open(search);
    await client.waitForStatus('idle', 0, 180_000);
  });

  afterAll(() => {
    client?.kill();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('puts the lens of an entry with an empty input on the entry', async () => {
    const lenses = await client.request('textDocument/codeLens', { textDocument: { uri: uriOf(status) } });
    expect(lenses.map((l: any) => [l.range.start.line, l.command.title])).toEqual([
      [positionOf(status, 'export const statusTool').line, expect.stringMatching(/^\d+ tokens · no problems · Show schema$/)],
    ]);
  });

  it("puts the lens of a class's tool in the class's file", async () => {
    const lenses = await client.request('textDocument/codeLens', { textDocument: { uri: uriOf(search) } });
    expect(lenses).toHaveLength(1);
    expect(lenses[0].command.title).toMatch(/^\d+ tokens · no problems · Show schema$/);
  });
});
