/**
 * suggest_fix's mechanical fixes (issue 51): the edit the editor prefers on a client-rejects finding comes first,
 * before turning the rule off, as 1-based text edits; applied by an agent-shaped client, check_tools no longer
 * reports the finding.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture } from '../lsp/client';
import { call, stdioSession, type Session } from './session';

interface Edit {
  file: string;
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
  newText: string;
}

interface Found {
  code: string;
  rule?: string;
  file: string;
  line: number;
}

const root = copyFixture('lsp-fixes');
let session: Session;

beforeAll(async () => {
  session = await stdioSession(root);
});
afterAll(async () => {
  await session?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Applies 1-based edits as an agent would: per file, from the last to the first. */
function apply(edits: readonly Edit[]): void {
  for (const file of new Set(edits.map((e) => e.file))) {
    const full = path.join(root, file);
    let text = fs.readFileSync(full, 'utf8');
    const offset = (line: number, column: number) =>
      text
        .split('\n')
        .slice(0, line - 1)
        .reduce((n, l) => n + l.length + 1, 0) +
      column -
      1;
    const mine = edits.filter((e) => e.file === file).sort((a, b) => b.startLine - a.startLine || b.startColumn - a.startColumn);
    for (const e of mine) text = text.slice(0, offset(e.startLine, e.startColumn)) + e.newText + text.slice(offset(e.endLine, e.endColumn));
    fs.writeFileSync(full, text);
  }
}

async function findings(): Promise<Found[]> {
  const result = await call(session.client, 'check_tools');
  return result.items.flatMap((item: { findings: Found[] }) => item.findings);
}

describe('suggest_fix on a finding with a mechanical fix', { timeout: 180_000 }, () => {
  it.each([
    ['type-array', /^Replace `\.nullable\(\)` with `\.optional\(\)`$/],
    ['name-length', /^Rename tool `\w+` to `\w+`$/],
    ['ref', /^Inline the recursive schema 3 levels deep$/],
  ])('%s: the edit comes first, before the switches, and applying it removes the finding', async (rule, title) => {
    const finding = (await findings()).find((f) => f.rule === rule)!;
    expect(finding).toBeDefined();
    const { fixes } = await call(session.client, 'suggest_fix', { file: finding.file, line: finding.line, code: 'client-rejects' });
    expect(fixes[0]).toMatchObject({ kind: 'edit', title: expect.stringMatching(title) });
    expect(fixes.slice(1).some((f: { kind: string }) => f.kind === 'turn-off')).toBe(true);
    apply(fixes[0].edits);
    expect((await findings()).filter((f) => f.rule === rule)).toEqual([]);
  });
});
