/**
 * The default (`flattenUnionInput: "auto"`) through the real built server over stdio: a plain SDK server's
 * union ships as written, so the editor shows `union-shipped` (with the losses flattening would bring as
 * related information), and the hover and listTools say where the schema came from: the workspace's own SDK.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, REPO, TestClient, uriOf } from './client';
import { positionOf } from './fixture';

const version = (pkg: string) => JSON.parse(fs.readFileSync(path.join(REPO, 'node_modules', pkg, 'package.json'), 'utf8')).version;

describe('what ships, in the editor (lsp-basic, default settings)', { timeout: 90_000 }, () => {
  let root: string;
  let tools: string;
  let client: TestClient;
  const sentBy = `Sent by @modelcontextprotocol/sdk ${version('@modelcontextprotocol/sdk')} with zod ${version('zod')}`;

  beforeAll(async () => {
    root = copyFixture('lsp-basic');
    tools = path.join(root, 'src/tools.ts');
    client = await TestClient.spawn({ root, settings: { flattenUnionInput: 'auto' } });
    client.open(tools);
  });
  afterAll(() => {
    client?.kill();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('publishes union-shipped at the union, the collision flattening would bring as related information', async () => {
    const published = await client.waitForDiagnostics(tools, { match: (d) => d.some((x) => x.code === 'union-shipped') });
    const codes = published.diagnostics.map((d) => d.code);
    expect(codes).not.toContain('collision-widened');
    const shipped = published.diagnostics.find((d) => d.code === 'union-shipped')!;
    expect(shipped.message).toContain('Tool send_update: the union at `update` ships as written, as a oneOf');
    expect(shipped.relatedInformation?.some((r) => r.message.includes('key `update.attachment` is declared differently'))).toBe(true);
  });

  it('hovers the tool with where its schema came from, then the Flattened preview', async () => {
    const hover = await client.hover(tools, positionOf(tools, "'send_update'", 0, 2));
    const md = (hover!.contents as MarkupContent).value;
    expect(md).toContain(`_${sentBy}_`);
    expect(md).toContain('**Flattened: what a server that flattens this tool would ship**');
    expect(md.indexOf('oneOf')).toBeLessThan(md.indexOf('**Flattened'));
  });

  it('answers listTools with the source line and the flattened preview', async () => {
    const [tool] = await client.request('toolSchemaLens/listTools', { uri: uriOf(tools), position: positionOf(tools, "'send_update'", 0, 2) });
    expect(tool.source).toBe(sentBy);
    expect(tool.advertised.properties.update.oneOf).toHaveLength(3);
    expect(tool.flattened.advertised.properties.update.properties.type.enum).toEqual(['text', 'photo', 'sticker']);
  });
});
