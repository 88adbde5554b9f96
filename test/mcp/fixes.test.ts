/**
 * suggest_fix's rename (issue 54): the editor's quick fix on a key two variants declare differently, planned by the
 * pipeline as text edits on a union shipped flattened (the key and every reference TypeScript finds), applied by an agent-shaped client, after
 * which check_tools no longer reports that key.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture } from '../lsp/client';
import { applyEdits, call, stdioSession, type Edit, type Session } from './session';

const root = copyFixture('lsp-basic');
let session: Session;

beforeAll(async () => {
  // Shipped flattened, the union's `attachment` is widened: what the rename resolves.
  fs.writeFileSync(path.join(root, 'toolschemalens.config.json'), JSON.stringify({ flattenUnionInput: true }));
  session = await stdioSession(root);
});
afterAll(async () => {
  await session?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('suggest_fix on a colliding key', { timeout: 180_000 }, () => {
  it('renames the key in one variant with its references, and the finding goes', async () => {
    const before = await call(session.client, 'check_tools');
    type Found = { code: string; path: string; file: string; line: number };
    const findings: Found[] = before.items.flatMap((item: { findings: Found[] }) => item.findings);
    const collision = findings.find((f) => f.code === 'collision-widened' && f.path.endsWith('attachment'));
    expect(collision).toBeDefined();
    const { fixes } = await call(session.client, 'suggest_fix', { file: collision!.file, line: collision!.line, code: 'collision-widened' });
    const renames = fixes.filter((f: { kind: string }) => f.kind === 'rename');
    expect(renames.length).toBeGreaterThan(0);
    const text = renames.find((f: { title: string }) => f.title.includes('`text`'));
    expect(text.title).toMatch(/^Rename `attachment` in variant `text` to `\w+`$/);
    // The property and the handler's read of it after narrowing.
    expect(text.edits.length).toBeGreaterThan(1);
    expect(new Set(text.edits.map((e: Edit) => e.file))).toEqual(new Set(['src/tools.ts']));

    applyEdits(root, text.edits);
    const after = await call(session.client, 'check_tools');
    expect(after.analysis.full).toBe(false);
    const left = after.items.flatMap((item: { findings: Array<{ code: string; path: string }> }) => item.findings);
    expect(left.filter((f: { code: string; path: string }) => f.code === 'collision-widened' && f.path.endsWith('attachment'))).toEqual([]);
  });
});
