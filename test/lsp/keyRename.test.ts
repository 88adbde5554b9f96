/**
 * The rename behind the quick fix, on a workspace without a tsconfig: the key in one variant and the references
 * TypeScript ties to it move together (across files, on unsaved text), while an unrelated object with the same
 * key name in a file that does not import the variant stays as it is.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import { KeyRenamer, type RenameOutcome, type TextEditAt } from '../../server/pipeline/fixes/keyRename';
import { RENAME_WORKER_ROLE, type RenameReply, type RenameRequest, type RenameWorkerData } from '../../server/pipeline/fixes/renameService';
import { applyTextEdits, REPO } from './client';
import { positionOf } from './fixture';

describe('KeyRenamer', () => {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-rename-')));
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(root, name), text);
    return path.join(root, name);
  };

  it('renames a variant key and its narrowed references across files, leaving unrelated same-named keys', () => {
    const variants = write(
      'variants.ts',
      [
        "import { z } from 'zod';",
        "export const Send = z.discriminatedUnion('kind', [",
        "  z.object({ kind: z.literal('text'), media: z.string() }),",
        "  z.object({ kind: z.literal('photo'), media: z.object({ url: z.string() }) }),",
        ']);',
        '',
      ].join('\n'),
    );
    const handler = write(
      'handler.ts',
      [
        "import type { z } from 'zod';",
        "import type { Send } from './variants';",
        'export function describe(input: z.infer<typeof Send>): string {',
        "  if (input.kind === 'photo') return input.media.url;",
        '  return input.media;',
        '}',
        '',
      ].join('\n'),
    );
    const unrelated = write('unrelated.ts', "export const media = { media: 'x' };\nexport const read = media.media;\n");

    // The handler's buffer is open with unsaved text: the rename must see (and edit) that text.
    const unsaved = fs.readFileSync(handler, 'utf8').replace('return input.media.url;', 'return `${input.media.url}!`;');
    const overlays = new Map([[handler, { text: unsaved, version: 7 }]]);
    const renamer = new KeyRenamer(root);
    const edits = editsOf(renamer.renameKey(variants, positionOf(variants, 'media: z.object'), 'media', 'photoMedia', overlays));

    expect([...new Set(edits.map((e) => path.basename(e.file)))].sort()).toEqual(['handler.ts', 'variants.ts']);
    const apply = (file: string, text: string) =>
      applyTextEdits(
        text,
        edits.filter((e) => e.file === file).map((e) => ({ range: { start: e.start, end: e.end }, newText: e.newText })),
      );
    expect(apply(variants, fs.readFileSync(variants, 'utf8'))).toContain("z.object({ kind: z.literal('photo'), photoMedia: z.object(");
    expect(apply(variants, fs.readFileSync(variants, 'utf8'))).toContain("z.object({ kind: z.literal('text'), media: z.string() })");
    const handlerAfter = apply(handler, unsaved);
    expect(handlerAfter).toContain('return `${input.photoMedia.url}!`;');
    expect(handlerAfter).toContain('  return input.media;');
    expect(edits.some((e) => e.file === unrelated)).toBe(false);
    // A position that no longer holds the key (the text moved on) renames nothing rather than something else, and says why.
    const refused = renamer.renameKey(variants, positionOf(variants, 'kind: z.literal'), 'media', 'photoMedia', overlays);
    expect('reason' in refused && refused.reason).toMatch(
      /^the key `media` is not written at variants\.ts:\d+:\d+ \(the finding points at `kind`\): it comes from a helper/,
    );
  }, 60_000);

  it("keeps renaming an open buffer's unsaved text when its file changes on disk meanwhile", () => {
    const variants = write(
      'shifted.ts',
      [
        "import { z } from 'zod';",
        "export const Post = z.discriminatedUnion('kind', [",
        "  z.object({ kind: z.literal('a'), body: z.string() }),",
        "  z.object({ kind: z.literal('b'), body: z.number() }),",
        ']);',
        '',
      ].join('\n'),
    );
    // The buffer gained two lines at the top that are not saved; then the disk copy changes too (a checkout).
    const unsaved = '// draft\n// more\n' + fs.readFileSync(variants, 'utf8');
    const overlays = new Map([[variants, { text: unsaved, version: 3 }]]);
    const renamer = new KeyRenamer(root);
    const at = () => positionOf(variants, 'body: z.number', 0, 0, unsaved);
    expect(editsOf(renamer.renameKey(variants, at(), 'body', 'bBody', overlays)).length).toBeGreaterThan(0);
    fs.writeFileSync(variants, fs.readFileSync(variants, 'utf8').replace("'b'", "'c'"));
    renamer.invalidate(variants);
    const edits = editsOf(renamer.renameKey(variants, at(), 'body', 'bBody', overlays));
    expect(
      applyTextEdits(
        unsaved,
        edits.filter((e) => e.file === variants).map((e) => ({ range: { start: e.start, end: e.end }, newText: e.newText })),
      ),
    ).toContain("literal('b'), bBody: z.number()");
  }, 60_000);
});

function editsOf(outcome: RenameOutcome): TextEditAt[] {
  if ('reason' in outcome) throw new Error(`no edits: ${outcome.reason}`);
  return outcome.edits;
}

// The editor and the MCP server rename on a thread that runs the built server bundle itself, told by its workerData.
describe('the rename worker, as the built bundle runs it', () => {
  it('answers a rename request on its own thread, from dist/server.js', async () => {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-rename-worker-')));
    fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    const file = path.join(root, 'variants.ts');
    fs.writeFileSync(
      file,
      "import { z } from 'zod';\nexport const Send = z.discriminatedUnion('kind', [\n  z.object({ kind: z.literal('text'), media: z.string() }),\n  z.object({ kind: z.literal('photo'), media: z.number() }),\n]);\n",
    );
    const workerData: RenameWorkerData = { role: RENAME_WORKER_ROLE, root };
    const worker = new Worker(path.join(REPO, 'dist', 'server.js'), { workerData });
    try {
      const request: RenameRequest = {
        id: 1,
        file,
        position: positionOf(file, 'media: z.number'),
        key: 'media',
        newName: 'count',
        overlays: [],
        invalidated: [],
        reset: false,
      };
      const reply = await new Promise<RenameReply>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage(request);
      });
      expect(reply.error).toBeUndefined();
      expect(editsOf(reply.outcome!).map((e) => [path.basename(e.file), e.newText])).toEqual([['variants.ts', 'count']]);
    } finally {
      await worker.terminate();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
