/**
 * Tools written one per file and registered by a helper in another (the `lsp-tool-files` fixture: src/tools/*.ts
 * export tool objects, src/registerNoteTool.ts hands each to the SDK, src/index.ts builds the server from a list).
 * The tool files know their tools too: hover, code lens and outline answer on the tool's name, schema and keys
 * there. The test grows the server past the whole-server threshold (more than 24 files read by the entry), so an
 * edit in a tool file re-runs the entry only after a pause, and the findings the entry placed in the tool file
 * must still be published on the new text right away.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, TestClient, uriOf } from './client';
import { positionOf, rangeAt } from './fixture';

const EXTRA_TOOLS = 24;

function hoverText(h: Awaited<ReturnType<TestClient['hover']>>): string {
  const c = h?.contents;
  return typeof c === 'object' && c && 'value' in c ? c.value : '';
}

describe('tools in their own files, registered by a helper', { timeout: 120_000 }, () => {
  let root: string;
  let client: TestClient;
  let moveNote: string;
  let findNotes: string;

  beforeAll(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-tool-files-')));
    fs.cpSync(path.join(REPO, 'test/fixtures/lsp-tool-files'), root, { recursive: true });
    fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    const extra = path.join(root, 'src/tools/extra');
    fs.mkdirSync(extra);
    const names: string[] = [];
    for (let i = 0; i < EXTRA_TOOLS; i++) {
      names.push(`extra${i}`);
      fs.writeFileSync(
        path.join(extra, `extra-${i}.ts`),
        `import { z } from 'zod';\n\nexport const extra${i} = {\n  name: 'extra_${i}',\n  description: 'Extra tool ${i}',\n  parameters: { id: z.string() },\n  async run() {\n    return '${i}';\n  },\n};\n`,
      );
    }
    fs.writeFileSync(
      path.join(root, 'src/moreTools.ts'),
      `${names.map((n, i) => `import { ${n} } from './tools/extra/extra-${i}';`).join('\n')}\n\nexport const moreTools = [${names.join(', ')}];\n`,
    );
    moveNote = path.join(root, 'src/tools/move-note.ts');
    findNotes = path.join(root, 'src/tools/find-notes.ts');
    client = await TestClient.inProcess({ root, initializationOptions: { debounceMs: 0 } });
    await client.waitForStatus('idle', 0, 90_000);
  });

  afterAll(() => {
    client?.kill();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  /** Open a tool file; where its tool was written is placed by the entry's run that follows the open. */
  async function openToolFile(file: string) {
    const logsBefore = client.logs.length;
    client.open(file);
    await client.waitForDiagnostics(file, { version: 1 });
    await client.waitFor('the entry run after the open', () => (client.logs.slice(logsBefore).some((l) => /analysed index\.ts/.test(l)) ? true : undefined));
  }

  it('answers a hover in the tool file with what the model sees: on a key, the tool name, its binding and its schema', async () => {
    await openToolFile(moveNote);

    const key = await client.hover(moveNote, positionOf(moveNote, 'noteId: z', 0, 2));
    expect(key?.range).toEqual(rangeAt(moveNote, 'noteId'));
    const keyText = hoverText(key);
    expect(keyText).toContain('**`noteId`** in tool `move_note` (required)');
    expect(keyText).toContain('Sent by @modelcontextprotocol/sdk');
    expect(keyText).toContain('"description": "The note to move."');

    for (const [needle, nth] of [
      ["name: 'move_note'", 0],
      ['moveNote', 0],
      ['parameters: MoveArgs', 0],
      ['MoveArgs', 0],
    ] as const) {
      const text = hoverText(await client.hover(moveNote, positionOf(moveNote, needle, nth, 1)));
      expect(text, needle).toContain('**Tool `move_note`**: the advertised input schema');
      expect(text, needle).toContain('"noteId"');
    }
    // The handler's body is TypeScript's to explain.
    expect(await client.hover(moveNote, positionOf(moveNote, 'return `moved', 0, 2))).toBeNull();

    // A schema written inline in the tool object.
    await openToolFile(findNotes);
    const limit = hoverText(await client.hover(findNotes, positionOf(findNotes, 'limit:', 0, 1)));
    expect(limit).toContain('**`limit`** in tool `find_notes` (optional)');
    expect(limit).toContain('"maximum": 50');
    // A key nested in an object: its own subschema.
    const tag = hoverText(await client.hover(findNotes, positionOf(findNotes, 'tag:', 0, 1)));
    expect(tag).toContain('**`filter.tag`** in tool `find_notes` (required)');
    expect(tag).toContain('"description": "Only notes with this tag."');

    const lenses = await client.request('textDocument/codeLens', { textDocument: { uri: uriOf(moveNote) } });
    expect(lenses.map((l: any) => [l.range.start.line, l.command.title])).toEqual([
      [positionOf(moveNote, 'const moveNote = {').line, expect.stringMatching(/^\d+ tokens · 2 problems · Show schema$/)],
    ]);
    const symbols = await client.request('textDocument/documentSymbol', { textDocument: { uri: uriOf(moveNote) } });
    expect(symbols.map((s: any) => s.name)).toEqual(['move_note']);
    // Ctrl+T opens the tool file, not the helper that registers every tool.
    const [found] = await client.request('workspace/symbol', { query: 'move_note' });
    expect(found.location).toEqual({ uri: uriOf(moveNote), range: rangeAt(moveNote, "name: 'move_note'") });
  });

  it('publishes the edited tool file with its findings on the new text at once, and the entry re-run keeps them there', async () => {
    const original = fs.readFileSync(moveNote, 'utf8');
    const collisions = (text: string) => [rangeAt(moveNote, 'path', 0, text), rangeAt(moveNote, 'path', 1, text)];
    let text = original;
    for (let edit = 1; edit <= 3; edit++) {
      // Lines above the union move its keys down; the description changes too (what a keystroke does).
      text = `// edit ${edit}\n${text.replace('Move a note', `Move a note (${edit})`)}`;
      const logsBefore = client.logs.length;
      const from = client.diagnostics.length;
      const version = client.change(moveNote, text);
      const first = await client.waitForDiagnostics(moveNote, { version, after: from });
      const published = client.diagnostics.slice(from).find((p) => p.uri === first.uri && p.version === version)!;
      expect(published.diagnostics.filter((d) => d.code === 'collision-widened').map((d) => d.range)).toEqual(collisions(text));

      // The whole-server entry re-runs after the pause and finds the same, in the same places.
      await client.waitFor('the entry re-run', () => (client.logs.slice(logsBefore).some((l) => /analysed index\.ts/.test(l)) ? true : undefined));
      const latest = client.publishedFor(moveNote).at(-1)!;
      expect(latest.version).toBe(version);
      expect(latest.diagnostics.filter((d) => d.code === 'collision-widened').map((d) => d.range)).toEqual(collisions(text));
    }
    // The key hover follows the edits.
    const key = await client.hover(moveNote, positionOf(moveNote, 'noteId: z', 0, 2, text));
    expect(key?.range).toEqual(rangeAt(moveNote, 'noteId', 0, text));
  });
});
