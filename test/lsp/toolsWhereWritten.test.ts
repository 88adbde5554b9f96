/**
 * A server laid out the common way (issue 51): each tool in its own file, built by a helper
 * (`defineTool(name, description, shape, handler)`) and exported; an array of them registered in a `for` loop in
 * server.ts. The editor starts with a tool file open, as a user who opens the tool they work on does. Once the
 * first scan is idle it knows what `check` knows, and each tool answers where it is written: its lens, hover,
 * findings and outline entry in its own file; the loop has one lens and a hover that lists its tools.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction } from 'vscode-languageserver-protocol';
import { runInProcess } from '../cli/runCli';
import { applyTextEdits, copyFixture, TestClient, uriOf } from './client';
import { positionOf, rangeAt } from './fixture';

interface CliReport {
  tools: Array<{ name: string; kind: string; file: string }>;
  diagnostics: Array<{ file: string; line: number; code: string; rule?: string; severity: string }>;
}

function hoverText(h: Awaited<ReturnType<TestClient['hover']>>): string {
  const c = h?.contents;
  return typeof c === 'object' && c && 'value' in c ? c.value : '';
}

describe('tools one per file through a helper, registered in a loop', { timeout: 240_000 }, () => {
  let root: string;
  let client: TestClient;
  let cli: CliReport;
  let createTask: string;
  let planTask: string;
  let server: string;

  beforeAll(async () => {
    root = copyFixture('lsp-define-tool');
    createTask = path.join(root, 'src/tools/create-task.ts');
    planTask = path.join(root, 'src/tools/task-tree.ts');
    server = path.join(root, 'src/server.ts');
    cli = JSON.parse((await runInProcess(['check', '.', '--format', 'json'], { cwd: root })).stdout) as CliReport;
    client = await TestClient.inProcess({ root, initializationOptions: { debounceMs: 0 }, settings: { flattenUnionInput: 'auto' } });
    // A tool file open from the start; the file with the loop never is until the test opens it.
    client.open(createTask);
    client.open(planTask);
    await client.waitForStatus('idle', 0, 180_000);
  });

  afterAll(() => {
    client?.kill();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('knows every tool check knows once the first scan is idle, and shows the tool file its findings', async () => {
    expect(cli.tools.length).toBeGreaterThanOrEqual(20);
    const status = await client.waitForStatus('idle');
    expect(status.tools).toBe(cli.tools.length);
    expect(status.problems).toBe(cli.diagnostics.length);
    const listed: Array<{ name: string }> = await client.request('toolSchemaLens/listTools', {});
    expect(listed.map((t) => t.name).sort()).toEqual(cli.tools.map((t) => t.name).sort());
    const inFile = (file: string) =>
      cli.diagnostics
        .filter((d) => d.file === path.relative(root, file))
        .map((d) => `${d.line} ${d.code}`)
        .sort();
    for (const file of [createTask, planTask]) {
      const published = client.publishedFor(file).at(-1)!;
      expect(published.diagnostics.map((d) => `${d.range.start.line + 1} ${d.code}`).sort()).toEqual(inFile(file));
      expect(inFile(file).length).toBeGreaterThan(0);
    }
  });

  it("carries each tool's lens, hover and outline entry at its own definition", async () => {
    const lenses = await client.request('textDocument/codeLens', { textDocument: { uri: uriOf(createTask) } });
    expect(lenses.map((l: any) => [l.range.start.line, l.command.title])).toEqual([
      [positionOf(createTask, 'defineTool(').line, expect.stringMatching(/^\d+ tokens · 1 problem · Show schema$/)],
    ]);

    const hover = hoverText(await client.hover(createTask, positionOf(createTask, 'createTask', 0, 2)));
    expect(hover).toMatch(/^\*\*Tool `create_task`\*\*/);
    // The schema first, then one line of verdicts, then tokens and library.
    const json = hover.indexOf('```json');
    const verdicts = hover.search(/✓ \d+ clients · ✗ Codex: format/);
    const tokens = hover.search(/\d+ tokens \(o200k_base\)/);
    expect(json).toBeGreaterThan(0);
    expect(verdicts).toBeGreaterThan(json);
    expect(tokens).toBeGreaterThan(verdicts);
    expect(hoverText(await client.hover(createTask, positionOf(createTask, "'create_task'", 0, 2)))).toMatch(/^\*\*Tool `create_task`\*\*/);

    const symbols = await client.request('textDocument/documentSymbol', { textDocument: { uri: uriOf(createTask) } });
    expect(symbols.map((s: any) => s.name)).toEqual(['create_task']);
  });

  it('gives the loop one lens for all its tools, and a hover that lists them with links to their files', async () => {
    client.open(server);
    await client.waitForDiagnostics(server, { version: 1 });
    const lenses = await client.request('textDocument/codeLens', { textDocument: { uri: uriOf(server) } });
    expect(lenses.map((l: any) => l.command.title)).toEqual([`${cli.tools.length} tools registered here · ${cli.diagnostics.length} problems · Show all`]);
    // Its command lists every tool registered there, to pick from.
    const [args] = lenses[0].command.arguments;
    const here: Array<{ name: string }> = await client.request('toolSchemaLens/listTools', args);
    expect(here.length).toBe(cli.tools.length);

    const hover = hoverText(await client.hover(server, positionOf(server, 'registerTool', 0, 2)));
    expect(hover).toContain(`**${cli.tools.length} tools registered here**`);
    const line = positionOf(createTask, 'defineTool(').line + 1;
    expect(hover).toContain(`[\`create_task\`](${uriOf(createTask)}#L${line}) · `);
    expect(hover).not.toContain('```json');
  });

  it("answers a key with that key's schema as shipped beside its findings, errors first, each once", async () => {
    const link = hoverText(await client.hover(createTask, positionOf(createTask, 'link:', 0, 1)));
    expect(link).toContain('**`link`** in tool `create_task` (required)');
    expect(link).toContain('"format": "uri"');

    // Three findings of one rule family at one spot: listed errors first, no sentence twice.
    const at = rangeAt(planTask, 'z.lazy').start;
    const spot = hoverText(await client.hover(planTask, at));
    const items = spot.split('\n').filter((l) => l.startsWith('- **'));
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items).size).toBe(items.length);
    const ranks = items.map((l) => (l.startsWith('- **error**') ? 0 : l.startsWith('- **warning**') ? 1 : 2));
    expect(ranks).toEqual([...ranks].sort());
  });

  it('offers the fix first and preferred, turning the rule off last and once; the fix removes its finding', async () => {
    const lazy = client
      .publishedFor(planTask)
      .at(-1)!
      .diagnostics.filter((d) => d.code === 'client-rejects');
    const refs = await client.codeActions(planTask, lazy[0].range, lazy);
    const turnOffs = refs.filter((a) => a.title.startsWith('Turn off'));
    expect(turnOffs.filter((a) => a.title.startsWith('Turn off `ref` for ')).length).toBe(1);
    expect(turnOffs.every((a) => !a.isPreferred)).toBe(true);

    const published = client.publishedFor(createTask).at(-1)!;
    const format = published.diagnostics.find((d) => d.data?.path?.[0] === 'link')!;
    const actions: CodeAction[] = await client.codeActions(createTask, format.range, [format]);
    expect(actions[0].title).toBe('Replace `.url()` with `.regex(/^https?:\\/\\/\\S+$/)`');
    expect(actions[0].isPreferred).toBe(true);
    const firstSwitch = actions.findIndex((a) => a.title.startsWith('Turn off') || a.title.startsWith('Suppress'));
    expect(firstSwitch).toBeGreaterThan(0);
    expect(actions.slice(firstSwitch).every((a) => (a.title.startsWith('Turn off') || a.title.startsWith('Suppress')) && !a.isPreferred)).toBe(true);

    const edit = actions[0].edit!;
    const edits = (edit.documentChanges as any[]).flatMap((c) => (c.textDocument.uri === uriOf(createTask) ? c.edits : []));
    const fixed = applyTextEdits(fs.readFileSync(createTask, 'utf8'), edits);
    expect(fixed).toContain('link: z.string().regex(/^https?:\\/\\/\\S+$/)');
    const from = client.diagnostics.length;
    const version = client.change(createTask, fixed);
    // The file's own run answers first with the entry's findings moved onto the new text; the entry's re-run drops it.
    const after = await client.waitForDiagnostics(createTask, { version, after: from, match: (ds) => !ds.some((d) => d.code === 'client-rejects') });
    expect(after.diagnostics).toEqual([]);
    expect(fileURLToPath(after.uri)).toBe(createTask);
  });
});
