/**
 * suggest_fix's mechanical fixes (issue 51): the edit the editor prefers on a client-rejects finding comes first,
 * before turning the rule off, as 1-based text edits; applied by an agent-shaped client, check_tools no longer
 * reports the finding.
 */
import * as fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture } from '../lsp/client';
import { applyEdits, call, stdioSession, type Session } from './session';

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
    applyEdits(root, fixes[0].edits);
    expect((await findings()).filter((f) => f.rule === rule)).toEqual([]);
  });
});
