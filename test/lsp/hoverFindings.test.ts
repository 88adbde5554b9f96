/**
 * One finding per hover line (issue 23, item 5): VS Code shows a spot's diagnostics in the hover itself, so its
 * extension asks the server (initializationOptions.hoverFindings: false) to leave them out of its own hover;
 * other editors get them in the hover, once each.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { copyFixture, TestClient } from './client';
import { positionOf } from './fixture';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

async function hoverOnCollision(initializationOptions?: Record<string, unknown>): Promise<string> {
  const root = copyFixture('lsp-basic');
  roots.push(root);
  const tools = path.join(root, 'src/tools.ts');
  const client = await TestClient.inProcess({ root, ...(initializationOptions ? { initializationOptions } : {}) });
  try {
    await client.waitForDiagnostics(tools, { match: (d) => d.some((x) => x.code === 'collision-widened') }, 60_000);
    const hover = await client.hover(tools, positionOf(tools, 'attachment', 0, 3));
    return (hover!.contents as MarkupContent).value;
  } finally {
    client.kill();
  }
}

describe('findings in the hover', { timeout: 120_000 }, () => {
  it('are listed once each by default, and left to the editor when it shows them itself', async () => {
    const listed = await hoverOnCollision();
    expect(listed.split('`collision-widened`').length - 1).toBe(1);
    const left = await hoverOnCollision({ isTrusted: true, hoverFindings: false });
    expect(left).toContain('widened to `unknown`');
    expect(left).not.toContain('`collision-widened`');
  });
});
