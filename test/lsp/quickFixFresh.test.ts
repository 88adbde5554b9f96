/**
 * A quick fix asked for right after an edit, before the buffer's own analysis has answered, waits for it instead
 * of answering nothing (issue 23: "the rename quick fix did nothing"; seen in the VS Code end-to-end test).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CodeAction } from 'vscode-languageserver-protocol';
import { copyFixture, TestClient } from './client';

const root = copyFixture('lsp-basic');
const tools = path.join(root, 'src/tools.ts');
let client: TestClient | undefined;
afterAll(() => {
  client?.kill();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a quick fix right after an edit', { timeout: 120_000 }, () => {
  it("is answered once the buffer's analysis is in, with the rename, not with nothing", async () => {
    client = await TestClient.inProcess({ root });
    client.open(tools);
    const published = await client.waitForDiagnostics(tools, { version: 1, match: (d) => d.some((x) => x.code === 'collision-widened') }, 60_000);
    const collision = published.diagnostics.find((d) => d.code === 'collision-widened')!;
    // A keystroke that leaves the collision where it is (a comment at the end), then the quick fix at once.
    client.change(tools, `${fs.readFileSync(tools, 'utf8')}\n// edited\n`);
    const actions: CodeAction[] = await client.codeActions(tools, collision.range, [collision]);
    expect(actions.map((a) => a.title)).toContain('Rename `attachment` in variant `text` to `textAttachment`');
  });
});
