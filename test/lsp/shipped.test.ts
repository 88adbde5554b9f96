/**
 * The default (`flattenUnionInput: "auto"`) through the real built server over stdio: a plain SDK server's
 * union ships as written, so the editor shows `union-shipped` (with the losses flattening would bring as
 * related information), and the hover and listTools say where the schema came from: the workspace's own SDK.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyTextEdits, copyFixture, REPO, TestClient, uriOf } from './client';
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
    client = await TestClient.inProcess({ root, settings: { flattenUnionInput: 'auto' } });
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
    expect(shipped.message).toContain(
      'Tool send_update: the union at `update` ships as a oneOf, which weak models fill badly; flatten it into one object. Flattening makes `type` an enum and loses `update.attachment` (as unknown) and which values of `update.format` go with which variant.',
    );
    expect(shipped.relatedInformation?.some((r) => r.message.includes('the model sees `update.attachment` as unknown'))).toBe(true);
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

describe('the "Ship flattened" quick fix on union-shipped (lsp-basic, default settings)', { timeout: 120_000 }, () => {
  let root: string;
  let tools: string;
  let client: TestClient;

  beforeAll(async () => {
    root = copyFixture('lsp-basic');
    tools = path.join(root, 'src/tools.ts');
    client = await TestClient.inProcess({ root, settings: { flattenUnionInput: 'auto' } });
    client.open(tools);
  });
  afterAll(() => {
    client?.kill();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('rewrites the registration through the runtime; the tool then ships flattened and its losses are diagnostics', async () => {
    const published = await client.waitForDiagnostics(tools, { match: (d) => d.some((x) => x.code === 'union-shipped') });
    const shipped = published.diagnostics.find((d) => d.code === 'union-shipped')!;
    const actions = await client.codeActions(tools, shipped.range, [shipped]);
    const ship = actions.find((a) => a.title === 'Ship `send_update` flattened')!;
    expect(ship.disabled).toBeUndefined();
    const [change] = (ship.edit!.documentChanges ?? []) as Array<{
      textDocument: { uri: string; version: number };
      edits: Array<{ range: any; newText: string }>;
    }>;
    expect(change.textDocument).toEqual({ uri: uriOf(tools), version: client.version(tools) });
    const text = applyTextEdits(fs.readFileSync(tools, 'utf8'), change.edits);
    expect(text).toContain("import { flattenTool } from '@tool-schema-lens/runtime';");
    expect(text).toContain('const sendUpdateShipped = flattenTool({ chat: z.string(), update: Update });');
    expect(text).toContain('inputSchema: sendUpdateShipped.inputSchema }');
    expect(text).toContain('sendUpdateShipped.handler(async (input) => {');

    // Applied as the editor would (the open buffer changes): the tool now ships flattened, as the preview said.
    client.change(tools, text);
    const after = await client.waitForDiagnostics(tools, { version: client.version(tools), match: (d) => !d.some((x) => x.code === 'union-shipped') });
    expect(after.diagnostics.map((d) => d.code)).toContain('collision-widened');
    const [tool] = await client.request('toolSchemaLens/listTools', { uri: uriOf(tools), position: positionOf(tools, "'send_update'", 0, 2, text) });
    expect(tool.advertised.properties.update.properties.type.enum).toEqual(['text', 'photo', 'sticker']);
    expect(JSON.stringify(tool.advertised)).not.toMatch(/"(oneOf|anyOf)"/);
  });

  it('says how to install the runtime where the workspace lacks it, instead of editing', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-no-runtime-'));
    try {
      fs.cpSync(path.join(REPO, 'test/fixtures/lsp-basic'), bare, { recursive: true });
      fs.mkdirSync(path.join(bare, 'node_modules', '@modelcontextprotocol'), { recursive: true });
      fs.symlinkSync(path.join(REPO, 'node_modules', 'zod'), path.join(bare, 'node_modules', 'zod'), 'dir');
      fs.symlinkSync(path.join(REPO, 'node_modules', '@modelcontextprotocol', 'sdk'), path.join(bare, 'node_modules', '@modelcontextprotocol', 'sdk'), 'dir');
      const real = fs.realpathSync(bare);
      const file = path.join(real, 'src/tools.ts');
      const other = await TestClient.inProcess({ root: real, settings: { flattenUnionInput: 'auto' } });
      try {
        other.open(file);
        const published = await other.waitForDiagnostics(file, { match: (d) => d.some((x) => x.code === 'union-shipped') });
        const shipped = published.diagnostics.find((d) => d.code === 'union-shipped')!;
        const ship = (await other.codeActions(file, shipped.range, [shipped])).find((a) => a.title === 'Ship `send_update` flattened')!;
        expect(ship.edit).toBeUndefined();
        expect(ship.disabled?.reason).toMatch(/npm install @tool-schema-lens\/runtime/);
      } finally {
        other.kill();
      }
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
