/**
 * "Show Advertised Schema" asks `toolSchemaLens/listTools` for the tool at the cursor. In a schema file (a variant
 * object imported by a tool, no registration in sight) the answer is the tools whose schemas declare the keys
 * there, registered tools first: the real built server over stdio, on lsp-basic and on a copy of examples/.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, REPO, TestClient, uriOf } from './client';
import { positionOf } from './fixture';

const names = (tools: Array<{ name: string }>) => tools.map((t) => t.name);

describe('listTools at a position inside a schema (lsp-basic)', { timeout: 90_000 }, () => {
  let root: string;
  let client: TestClient;
  const at = (file: string, needle: string, offset = 0) =>
    client.request('toolSchemaLens/listTools', { uri: uriOf(path.join(root, file)), position: positionOf(path.join(root, file), needle, 0, offset) });

  beforeAll(async () => {
    root = copyFixture('lsp-basic');
    client = await TestClient.inProcess({ root });
    await client.waitForStatus('idle');
  });
  afterAll(() => {
    client?.kill();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('maps a key of a variant in another file to the tool that imports it', async () => {
    expect(names(await at('src/media.ts', 'attachment:'))).toEqual(['send_update']);
    expect(names(await at('src/media.ts', 'caption'))).toEqual(['send_update']);
  });

  it('maps a spot inside a key (its nested object) to the tool', async () => {
    expect(names(await at('src/media.ts', 'width'))).toEqual(['send_update']);
  });

  it('maps a variant declared above the registration in the same file', async () => {
    expect(names(await at('src/tools.ts', "format: z.enum(['plain'"))).toEqual(['send_update']);
  });

  it('answers nothing above every schema and still answers in a handler body', async () => {
    expect(await at('src/media.ts', 'import { z }')).toEqual([]);
    expect(names(await at('src/tools.ts', 'async ({ message })'))).toEqual(['ping']);
  });
});

describe('listTools in a schema file used by an exported schema and a registered tool (examples): the tool only', { timeout: 90_000 }, () => {
  let root: string;
  let client: TestClient;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-examples-'));
    fs.cpSync(path.join(REPO, 'examples'), root, { recursive: true, filter: (f) => !f.includes('node_modules') });
    fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    client = await TestClient.inProcess({ root });
    await client.waitForStatus('idle');
  });
  afterAll(() => {
    client?.kill();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('lists the registered tool declaring the key, not the exported schema it takes', async () => {
    const content = path.join(root, 'src/schemas/content.ts');
    const tools = await client.request('toolSchemaLens/listTools', { uri: uriOf(content), position: positionOf(content, 'media: z.object', 0, 2) });
    expect(names(tools)[0]).toBe('send_message');
    // Only inputs: the workspace registers tools, so the exported `messageContent` is reported through send_message only.
    expect(names(tools)).not.toContain('messageContent');
    expect(tools[0].uri).toBe(uriOf(path.join(root, 'src/tools/messaging.ts')));
    expect(tools[0].advertised.properties.content.properties.media).toBeDefined();
  });

  it('counts the registered tools in its status, not the exported schemas they use', async () => {
    // send_message, schedule_message, search_messages, react and moderate (the root union examples/ ships dropped).
    expect((await client.waitForStatus('idle')).tools).toBe(5);
  });

  it('publishes a collision once per place, as the registered tool: not again through the exported schema it uses', async () => {
    const content = path.join(root, 'src/schemas/content.ts');
    const once = (diagnostics: Array<{ code?: unknown; message: string; range: { start: { line: number; character: number } } }>) => {
      const collisions = diagnostics.filter((d) => d.code === 'collision-widened');
      expect(collisions.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}`)).toEqual(['10:3', '18:3']);
      expect(collisions.every((d) => d.message.startsWith('Tool send_message:'))).toBe(true);
    };
    once(client.publishedFor(content).at(-1)!.diagnostics);
    // Editing the schema file re-analyses it on its own: its exported schema's findings must not come back beside the tool's.
    client.open(content);
    const version = client.change(content, fs.readFileSync(content, 'utf8') + '\n');
    once((await client.waitForDiagnostics(content, { version })).diagnostics);
  });
});
