/**
 * The real built server (`node dist/cli.js lsp --stdio`) driven over stdio by a recording client, on a temp copy
 * of test/fixtures/lsp-basic: a cross-file collision (`attachment` in `text` vs `photo`, the latter imported from
 * media.ts) and an enum widening (`format` in `text` and `sticker`).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, Diagnostic, MarkupContent } from 'vscode-languageserver-protocol';
import { applyEditToDisk, commandLine, copyFixture, descendants, isAlive, REPO, TestClient, uriOf } from './client';
import { positionOf, rangeAt } from './fixture';

const codes = (ds: Diagnostic[]) => ds.map((d) => d.code).sort();
const tsc = (dir: string) => execFileSync(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });

describe('language server over stdio (lsp-basic)', { timeout: 90_000 }, () => {
  let root: string;
  let client: TestClient;
  let tools: string;
  let media: string;

  beforeAll(async () => {
    root = copyFixture('lsp-basic');
    tools = path.join(root, 'src/tools.ts');
    media = path.join(root, 'src/media.ts');
    client = await TestClient.spawn({ root });
  });
  afterAll(async () => {
    client?.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('scans the workspace in the background with progress and publishes diagnostics for files that are not open', async () => {
    const caps = client.initializeResult.capabilities;
    expect(caps.hoverProvider).toBe(true);
    expect(caps.codeActionProvider).toMatchObject({ codeActionKinds: ['quickfix'] });
    expect(caps.executeCommandProvider?.commands).toContain('toolSchemaLens.restartWorkers');

    const inTools = await client.waitForDiagnostics(tools, { match: (d) => d.length >= 3 });
    expect(codes(inTools.diagnostics)).toEqual(['collision-widened', 'enum-widened', 'enum-widened']);
    expect(inTools.version).toBeUndefined();
    const collision = inTools.diagnostics.find((d) => d.code === 'collision-widened')!;
    expect(collision).toMatchObject({ source: 'tool-schema-lens', severity: 2, range: rangeAt(tools, 'attachment') });
    expect(collision.message).toContain('attachment');
    expect(collision.relatedInformation?.map((r) => r.location.uri)).toContain(uriOf(media));
    expect(collision.data.rename).toMatchObject({ key: 'attachment', variant: 'text', discriminator: 'type' });

    const inMedia = await client.waitForDiagnostics(media, { match: (d) => d.length >= 1 });
    expect(inMedia.diagnostics).toHaveLength(1);
    expect(inMedia.diagnostics[0]).toMatchObject({ code: 'collision-widened', range: rangeAt(media, 'attachment', 1) });

    await client.waitForStatus('idle');
    const kinds = client.progress.map((p) => p.value.kind);
    expect(kinds[0]).toBe('begin');
    expect(kinds.at(-1)).toBe('end');
    expect(client.registrations.map((r) => r.method)).toContain('workspace/didChangeWatchedFiles');
  });

  it('hovers a colliding key with its advertised subschema, the declaring variants and how they merged', async () => {
    const hover = await client.hover(tools, positionOf(tools, 'attachment', 0, 3));
    const md = (hover!.contents as MarkupContent).value;
    expect((hover!.contents as MarkupContent).kind).toBe('markdown');
    expect(md).toContain('**`update.attachment`** in tool `send_update`: widened to `unknown`');
    expect(md).toContain('Declared by variants `text`, `photo` of the union on `type`.');
    expect(md).toContain('- `text`: `{"type":"string"}`');
    expect(md).toContain('What the model sees for `attachment`:\n\n```json\n{\n  "description": "Required if type = text | photo.');
    expect(md).toContain('`collision-widened`');
  });

  it('hovers a tool name with the whole advertised JSON Schema', async () => {
    const hover = await client.hover(tools, positionOf(tools, "'send_update'", 0, 2));
    const md = (hover!.contents as MarkupContent).value;
    expect(md).toContain('**Tool `send_update`**: the advertised input schema');
    // Will it load: one line, after the schema, over the MCP clients (the default targets of an MCP server's tool).
    expect(md).toContain('\n\n✓ 10 clients\n\n');
    // The rest of the definition as the SDK sent it: the hints a client reads, with the spec's defaults.
    expect(md).toContain('Annotations: `readOnlyHint: false` (default) · `destructiveHint: true` (default)');
    // The schema first, folded to fit a hover: its top levels as written, the deeper ones `{…}`, all of it a click away.
    const json = /```json\n([\s\S]*?)\n```/.exec(md)![1];
    expect(md.indexOf('```json')).toBeLessThan(md.indexOf('✓ 10 clients'));
    expect(json.split('\n').length).toBeLessThanOrEqual(30);
    expect(json).toMatch(/^\{\n {2}"type": "object",\n {2}"properties": \{\n {4}"chat": /);
    expect(json).toContain('\n    "update": ');
    expect(md).toContain('_Deeper levels collapsed;');
    expect(await client.hover(tools, positionOf(tools, 'import { z }'))).toBeNull();
  });

  it('lists tools, all or the one at a position', async () => {
    const all = await client.request('toolSchemaLens/listTools', {});
    expect(all.map((t: any) => t.name).sort()).toEqual(['ping', 'send_update']);
    // The whole definition as the SDK sends it travels with each tool, for the schema document.
    const ping = all.find((t: any) => t.name === 'ping');
    expect(ping.definition.heading).toContain('The whole definition as sent');
    expect([ping.definition.value.name, ping.definition.value.inputSchema]).toEqual(['ping', ping.advertised]);
    const one = await client.request('toolSchemaLens/listTools', { uri: uriOf(tools), position: positionOf(tools, 'async (input)') });
    expect(one.map((t: any) => t.name)).toEqual(['send_update']);
  });

  it('analyses unsaved text as you type and publishes only the latest version', async () => {
    const original = fs.readFileSync(tools, 'utf8');
    client.open(tools, original);
    await client.waitForDiagnostics(tools, { version: 1 });
    const mark = client.diagnostics.length;
    // Three quick edits inside the debounce: only the last one is analysed and published.
    client.change(tools, original.replace("z.enum(['plain', 'markdown'])", "z.enum(['plain'])"));
    client.change(tools, original.replace("z.enum(['plain', 'markdown'])", "z.enum(['webp', 'tgs'])"));
    const v4 = client.change(
      tools,
      original.replace("format: z.enum(['plain', 'markdown'])", "format: z.enum(['webp', 'tgs'])").replace('attachment: z.string()', 'body: z.string()'),
    );
    const latest = await client.waitForDiagnostics(tools, { version: v4, after: mark });
    expect(latest.diagnostics).toEqual([]);
    await new Promise((r) => setTimeout(r, 400));
    const versions = client.diagnostics
      .slice(mark)
      .filter((p) => p.uri === uriOf(tools))
      .map((p) => p.version);
    expect(versions).toEqual([v4]);
    // The other declaration's collision went with it.
    await client.waitForDiagnostics(media, { after: mark, match: (d) => d.length === 0 });

    // A syntax error mid-edit is a finding, not a crash; fixing it brings the findings back.
    const broken = client.change(tools, original.replace('const Update =', 'const Update = ('));
    const failed = await client.waitForDiagnostics(tools, { version: broken });
    expect(codes(failed.diagnostics)).toContain('evaluation-failed');
    const fixed = client.change(tools, original);
    const back = await client.waitForDiagnostics(tools, { version: fixed });
    expect(codes(back.diagnostics)).toEqual(['collision-widened', 'enum-widened', 'enum-widened']);
    await client.waitForDiagnostics(media, { match: (d) => d.length === 1 });
  });

  it('re-analyses the importers when a file changes on disk', async () => {
    const original = fs.readFileSync(media, 'utf8');
    const mark = client.diagnostics.length;
    fs.writeFileSync(media, original.replace('attachment: z.object({ url: z.string().min(1), width: z.number().int().optional() })', 'attachment: z.string()'));
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(media), type: 2 }] });
    const now = await client.waitForDiagnostics(tools, {
      after: mark,
      version: client.version(tools),
      match: (d) => !d.some((x) => x.code === 'collision-widened'),
    });
    expect(codes(now.diagnostics)).toEqual(['enum-widened', 'enum-widened']);
    fs.writeFileSync(media, original);
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(media), type: 2 }] });
    await client.waitForDiagnostics(tools, { version: client.version(tools), match: (d) => d.some((x) => x.code === 'collision-widened') });
  });

  it('applies settings without a restart: a severity off, then flattening off', async () => {
    let mark = client.diagnostics.length;
    client.configure({ severity: { 'enum-widened': 'off' } });
    const quiet = await client.waitForDiagnostics(tools, {
      after: mark,
      version: client.version(tools),
      match: (d) => !d.some((x) => x.code === 'enum-widened'),
    });
    expect(codes(quiet.diagnostics)).toEqual(['collision-widened']);

    mark = client.diagnostics.length;
    client.configure({ flattenUnionInput: false });
    const asShipped = await client.waitForDiagnostics(tools, {
      after: mark,
      version: client.version(tools),
      match: (d) => !d.some((x) => x.code === 'collision-widened'),
    });
    expect(codes(asShipped.diagnostics)).not.toContain('collision-widened');
    const hover = await client.hover(tools, positionOf(tools, "'send_update'", 0, 2));
    expect((hover!.contents as MarkupContent).value).toMatch(/"(oneOf|anyOf)"/);

    mark = client.diagnostics.length;
    client.configure({});
    await client.waitForDiagnostics(tools, { after: mark, version: client.version(tools), match: (d) => d.length === 3 });
  });

  it('restarts the workers on request and analyses again', async () => {
    const workers = () => descendants(client.process!.pid!).filter((pid) => commandLine(pid).includes('worker.js'));
    const before = workers();
    expect(before.length).toBeGreaterThan(0);
    const mark = client.diagnostics.length;
    await client.request('workspace/executeCommand', { command: 'toolSchemaLens.restartWorkers', arguments: [] });
    await client.waitForDiagnostics(tools, { after: mark, version: client.version(tools), match: (d) => d.length === 3 });
    for (const pid of before) expect(isAlive(pid)).toBe(false);
    expect(workers().length).toBeGreaterThan(0);
  });

  it('shuts down promptly and leaves no child process behind', async () => {
    const server = client.process!.pid!;
    const children = descendants(server);
    expect(children.length).toBeGreaterThan(0);
    const started = Date.now();
    const code = await client.shutdown();
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    await new Promise((r) => setTimeout(r, 200));
    for (const pid of [server, ...children]) expect(isAlive(pid)).toBe(false);
  });
});

describe('quick fix: rename a colliding key (temp copy, applied to disk)', { timeout: 90_000 }, () => {
  let root: string;
  let client: TestClient;

  beforeAll(async () => {
    root = copyFixture('lsp-basic');
    client = await TestClient.spawn({ root });
  });
  afterAll(() => {
    client?.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('renames the key in one variant and every reference, as one versioned edit; the project still type-checks', async () => {
    const tools = path.join(root, 'src/tools.ts');
    const media = path.join(root, 'src/media.ts');
    client.open(tools);
    const published = await client.waitForDiagnostics(tools, { version: 1, match: (d) => d.some((x) => x.code === 'collision-widened') });
    const collision = published.diagnostics.find((d) => d.code === 'collision-widened')!;
    const actions: CodeAction[] = await client.codeActions(tools, collision.range, [collision]);
    const titles = actions.map((a) => a.title);
    expect(titles).toContain('Rename `attachment` in variant `text` to `textAttachment`');
    expect(titles).toContain('Rename `attachment` in variant `photo` to `photoAttachment`');
    const photo = actions.find((a) => a.title.includes('`photo`'))!;
    expect(photo.kind).toBe('quickfix');
    const changes = photo.edit!.documentChanges as any[];
    expect(changes.map((c) => [c.textDocument.uri, c.textDocument.version]).sort()).toEqual(
      [
        [uriOf(media), null],
        [uriOf(tools), 1],
      ].sort(),
    );

    applyEditToDisk(photo.edit!);
    expect(fs.readFileSync(media, 'utf8')).toContain('photoAttachment: z.object(');
    expect(fs.readFileSync(tools, 'utf8')).toContain('input.update.photoAttachment.url');
    expect(fs.readFileSync(tools, 'utf8')).toContain('${input.update.attachment}'); // the text variant's reference stays
    expect(() => tsc(root)).not.toThrow();

    client.change(tools, fs.readFileSync(tools, 'utf8'));
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(media), type: 2 }] });
    const after = await client.waitForDiagnostics(tools, { version: 2 });
    expect(codes(after.diagnostics)).toEqual(['enum-widened', 'enum-widened']);
    await client.waitForDiagnostics(media, { match: (d) => d.length === 0 });
  }, 120_000);

  it('resolves the edit lazily for clients that support codeAction/resolve', async () => {
    const lazy = await TestClient.spawn({ root: copyFixture('lsp-basic'), lazyCodeActions: true });
    try {
      const tools = path.join(lazy.options.root, 'src/tools.ts');
      const d = await lazy.waitForDiagnostics(tools, { match: (x) => x.some((y) => y.code === 'collision-widened') });
      const collision = d.diagnostics.find((x) => x.code === 'collision-widened')!;
      const actions: CodeAction[] = await lazy.codeActions(tools, collision.range);
      const text = actions.find((a) => a.title.includes('`text`'))!;
      expect(text.edit).toBeUndefined();
      const resolved: CodeAction = await lazy.request('codeAction/resolve', text);
      applyEditToDisk(resolved.edit!);
      expect(fs.readFileSync(tools, 'utf8')).toContain('textAttachment: z.string()');
      expect(() => tsc(lazy.options.root)).not.toThrow();
    } finally {
      lazy.kill();
      fs.rmSync(lazy.options.root, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('trust and pull diagnostics', { timeout: 90_000 }, () => {
  it('runs nothing in an untrusted workspace and says so once', async () => {
    const root = copyFixture('lsp-basic');
    const client = await TestClient.spawn({ root, initializationOptions: { isTrusted: false } });
    try {
      const tools = path.join(root, 'src/tools.ts');
      const d = await client.waitForDiagnostics(tools, { match: (x) => x.length > 0 });
      expect(codes(d.diagnostics)).toEqual(['evaluation-failed']);
      expect(d.diagnostics[0].message).toMatch(/trust/i);
      await client.waitForStatus('untrusted');
      const notices = client.notifications.filter((n) => n.method === 'window/showMessage');
      expect(notices).toHaveLength(1);
      expect(notices[0].params.message).toContain('not trusted');
      expect(descendants(client.process!.pid!)).toEqual([]);
    } finally {
      client.kill();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('over Node IPC (the VS Code extension) runs nothing unless the client says the workspace is trusted', async () => {
    const root = copyFixture('lsp-basic');
    const tools = path.join(root, 'src/tools.ts');
    const silent = await TestClient.fork({ root });
    try {
      const d = await silent.waitForDiagnostics(tools, { match: (x) => x.length > 0 });
      expect(codes(d.diagnostics)).toEqual(['evaluation-failed']);
      expect(silent.notifications.filter((n) => n.method === 'window/showMessage')).toHaveLength(1);
    } finally {
      silent.kill();
    }
    const trusted = await TestClient.fork({ root, initializationOptions: { isTrusted: true } });
    try {
      const d = await trusted.waitForDiagnostics(tools, { match: (x) => x.length > 0 });
      expect(codes(d.diagnostics)).toEqual(['collision-widened', 'enum-widened', 'enum-widened']);
    } finally {
      trusted.kill();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('serves every folder of a multi-root workspace from its own root', async () => {
    const one = copyFixture('lsp-basic');
    const two = copyFixture('lsp-hostile');
    const client = await TestClient.spawn({ root: one, folders: [two], settings: { evaluation: { timeoutMs: 1500 } } });
    try {
      await client.waitForDiagnostics(path.join(one, 'src/tools.ts'), { match: (x) => x.length === 3 });
      await client.waitForDiagnostics(path.join(two, 'src/good.ts'), { match: (x) => x.length === 2 });
      await client.waitForStatus('idle');
      const names = (await client.request('toolSchemaLens/listTools', {})).map((t: any) => t.name);
      expect(names).toEqual(expect.arrayContaining(['send_update', 'ping', 'notify', 'boom']));
      const hover = await client.hover(path.join(two, 'src/good.ts'), positionOf(path.join(two, 'src/good.ts'), "'notify'", 0, 2));
      expect((hover!.contents as MarkupContent).value).toContain('**Tool `notify`**');
    } finally {
      client.kill();
      fs.rmSync(one, { recursive: true, force: true });
      fs.rmSync(two, { recursive: true, force: true });
    }
  });

  it('answers textDocument/diagnostic for open documents when the client pulls', async () => {
    const root = copyFixture('lsp-basic');
    const client = await TestClient.spawn({ root, pull: true });
    try {
      expect(client.initializeResult.capabilities.diagnosticProvider).toMatchObject({ interFileDependencies: true });
      const tools = path.join(root, 'src/tools.ts');
      client.open(tools);
      const report = await client.request('textDocument/diagnostic', { textDocument: { uri: uriOf(tools) } });
      expect(report.kind).toBe('full');
      expect(codes(report.items)).toEqual(['collision-widened', 'enum-widened', 'enum-widened']);
      // media.ts is not open: still pushed.
      await client.waitForDiagnostics(path.join(root, 'src/media.ts'), { match: (x) => x.length === 1 });
      expect(client.publishedFor(tools).every((p) => p.diagnostics.length === 0)).toBe(true);
      // A pull right after an edit waits for that version's analysis instead of answering with the old one.
      client.change(tools, fs.readFileSync(tools, 'utf8').replace('attachment: z.string()', 'body: z.string()'));
      const edited = await client.request('textDocument/diagnostic', { textDocument: { uri: uriOf(tools) } });
      expect(codes(edited.items)).toEqual(['enum-widened', 'enum-widened']);
    } finally {
      client.kill();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('exits and takes its workers down when the editor process dies', async () => {
    const root = copyFixture('lsp-basic');
    const { spawn } = await import('node:child_process');
    const editor = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    const client = await TestClient.spawnWithParent({ root }, editor.pid!);
    try {
      await client.waitForDiagnostics(path.join(root, 'src/tools.ts'), { match: (x) => x.length > 0 });
      const server = client.process!.pid!;
      const children = descendants(server);
      editor.kill('SIGKILL');
      await client.waitFor('server exit', () => (isAlive(server) ? undefined : true), 10_000);
      await new Promise((r) => setTimeout(r, 300));
      for (const pid of children) expect(isAlive(pid)).toBe(false);
    } finally {
      editor.kill('SIGKILL');
      client.kill();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
