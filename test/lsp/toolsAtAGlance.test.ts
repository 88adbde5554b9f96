/**
 * What tools cost and all of them at a glance, over the real built server (stdio, real workers): code lenses with
 * tokens and problems (refreshed after an edit), document and workspace symbols, the grown listTools (tokens,
 * problems, library, dialect, server, the as-written/flattened pair for Compare), the hover's header and the
 * per-server budget.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, REPO, TestClient, uriOf } from './client';
import { positionOf, rangeAt } from './fixture';

describe('tokens, code lens, symbols and listTools (tokens-budget)', { timeout: 120_000 }, () => {
  let root: string;
  let client: TestClient;
  let file: string;
  const lenses = () => client.request('textDocument/codeLens', { textDocument: { uri: uriOf(file) } });

  beforeAll(async () => {
    root = copyFixture('tokens-budget');
    file = path.join(root, 'server.ts');
    client = await TestClient.inProcess({ root, initializationOptions: { debounceMs: 0 } });
    await client.waitForStatus('idle');
  });
  afterAll(() => {
    client?.kill();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('puts a lens above each registration: tokens · problems · Show schema, which opens the schema', async () => {
    const got = await lenses();
    expect(got.map((l: any) => [l.range.start.line, l.command.title])).toEqual([
      [37, '1,608 tokens · 1 problem · Show schema'],
      [46, '48 tokens · no problems · Show schema'],
    ]);
    expect(got[0].command).toMatchObject({
      command: 'toolSchemaLens.showAdvertisedSchema',
      arguments: [{ uri: uriOf(file), position: { line: 37, character: 0 } }],
    });
  });

  it('outlines each tool with its tokens and problems; Ctrl+T finds a tool by name', async () => {
    const symbols = await client.request('textDocument/documentSymbol', { textDocument: { uri: uriOf(file) } });
    expect(symbols.map((s: any) => [s.name, s.detail, s.kind])).toEqual([
      ['search_orders', '1,608 tokens · 1 problem', 12],
      ['ping', '48 tokens · no problems', 12],
    ]);
    expect(symbols[0].selectionRange).toEqual(rangeAt(file, "'search_orders'"));
    const found = await client.request('workspace/symbol', { query: 'sord' });
    expect(found.map((s: any) => [s.name, s.location.uri, s.containerName])).toEqual([['search_orders', uriOf(file), 'tool · 1,608 tokens']]);
    expect((await client.request('workspace/symbol', { query: '' })).map((s: any) => s.name)).toEqual(['ping', 'search_orders']);
  });

  it('lists every tool with tokens, problems, library, dialect and its server', async () => {
    const tools = await client.request('toolSchemaLens/listTools', {});
    const ping = tools.find((t: any) => t.name === 'ping');
    const sent = JSON.stringify({ name: 'ping', description: 'Check that the shop answers.', inputSchema: ping.advertised });
    expect(ping).toMatchObject({
      description: 'Check that the shop answers.',
      tokens: { input: countTokens(sent), total: 48 },
      problems: { errors: 0, warnings: 0, infos: 0 },
      library: '@modelcontextprotocol/sdk',
      dialect: 'draft-07',
      server: { name: path.basename(root), uri: uriOf(root), tools: 2, tokens: 1656 },
    });
    expect(tools.find((t: any) => t.name === 'search_orders').problems).toEqual({ errors: 0, warnings: 0, infos: 1 });
  });

  it('follows the hover JSON with tokens, library and dialect', async () => {
    const hover = await client.hover(file, positionOf(file, "'ping'", 0, 2));
    expect((hover!.contents as any).value).toMatch(
      /```\n\n(✓ [^\n]*\n\n)?48 tokens \(o200k_base\) · @modelcontextprotocol\/sdk · JSON Schema draft-07 {2}\n_Sent by /,
    );
  });

  it('after an edit, the lens answers for the new text and the server asks the client to refresh', async () => {
    const refreshes = () => client.notifications.filter((n) => n.method === 'workspace/codeLens/refresh').length;
    const before = refreshes();
    client.open(file);
    await client.waitForDiagnostics(file, { version: 1 });
    const text = fs.readFileSync(file, 'utf8').replace("'Check that the shop answers.'", "'Check that the shop answers, and how fast.'");
    client.change(file, text);
    const got = await lenses();
    const sent = (await client.request('toolSchemaLens/listTools', {})).find((t: any) => t.name === 'ping');
    expect(sent.tokens.total).toBe(
      countTokens(JSON.stringify({ name: 'ping', description: 'Check that the shop answers, and how fast.', inputSchema: sent.advertised })),
    );
    expect(got[1].command.title).toBe(`${sent.tokens.total} tokens · no problems · Show schema`);
    await client.waitFor('a codeLens/refresh', () => (refreshes() > before ? true : undefined));
  });

  it('flags the server over its budget on its heaviest tool, and turns lenses off on request', async () => {
    client.configure({ budget: { tokensPerServer: 1000 }, codeLens: { enable: false } });
    const published = await client.waitForDiagnostics(file, { match: (list) => list.some((d) => d.code === 'over-budget' && d.severity === 2) });
    const server = published.diagnostics.find((d: any) => d.severity === 2)!;
    expect(server.range).toEqual(rangeAt(file, "'search_orders'"));
    expect(server.message).toMatch(
      new RegExp(
        `^The 2 tools of \`shop\` are 1,6\\d\\d tokens, over the budget of 1,000 per server; shrink the heaviest or register fewer\\. They are 1% of a 200k context window, and clients cap or defer large tool sets; the heaviest are search_orders \\(1,608\\) and ping \\(\\d+\\)`,
      ),
    );
    // The settings are read asynchronously; the re-analysis they start publishes the diagnostics above first.
    expect(await lenses()).toEqual([]);
  });
});

describe('Compare: the schema as written and flattened, for the tool at a position (examples)', { timeout: 90_000 }, () => {
  let root: string;
  let client: TestClient;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-compare-'));
    fs.cpSync(path.join(REPO, 'examples'), root, { recursive: true, filter: (f) => !f.includes('node_modules') });
    fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    client = await TestClient.inProcess({ root });
    await client.waitForStatus('idle');
  });
  afterAll(() => {
    client?.kill();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers both schemas at a position, and only there', async () => {
    const messaging = path.join(root, 'src/tools/messaging.ts');
    const [tool] = await client.request('toolSchemaLens/listTools', { uri: uriOf(messaging), position: positionOf(messaging, "'send_message'", 0, 2) });
    expect(tool.name).toBe('send_message');
    expect(tool.compare.flattened).toEqual(tool.advertised);
    expect(tool.compare.asWritten.properties.content.oneOf ?? tool.compare.asWritten.properties.content.anyOf).toHaveLength(3);
    expect(tool.compare.flattened.properties.content.properties.kind.enum).toEqual(['text', 'photo', 'album']);
    const all = await client.request('toolSchemaLens/listTools', {});
    expect(all.every((t: any) => t.compare === undefined)).toBe(true);
  });
});
