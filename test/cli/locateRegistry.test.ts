/**
 * Findings land on the declaration when nothing at the registration says where it is (issue 9, item 7). The
 * `locate-registry` workspace registers every tool at one call: a class loops over a registry of tool
 * definitions whose inputs are `Schema.shape` of schemas in other files (the first keys created elsewhere,
 * `kind: ContactKind`; a union whose members are `.strict()` objects; `.extend(AuthSchema.shape)` from a third
 * file, which declares more of the keys in its literal than the tool's own does), and a factory registers a catalog whose shapes are rebuilt by `Object.fromEntries(... .filter(...))`.
 * Run on zod 4 (the repo's) and on zod 3 with SDK 1.17 (a copy beside `eval-zod3-sdk117`'s packages).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPipeline } from '../../server/pipeline';
import { DEFAULT_SETTINGS, pipelineOptions } from '../../server/settings';
import { FIXTURES, runInProcess, type CliRun } from './runCli';

/** `file:line:column code tool path` of each finding, 1-based as printed (run in the workspace folder). */
const findings = (run: CliRun) => JSON.parse(run.stdout).diagnostics.map((d: any) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.tool} ${d.path}`.trim());

const EXPECTED = [
  // `link: ParamLink.optional()` in the catalog tool's literal; its shape was rebuilt by Object.fromEntries.
  'src/catalog/search.ts:11:11 client-rejects search_things link',
  // `region: z.union([...])`, the union itself.
  'src/catalog/search.ts:12:13 union-shipped search_things region',
  // A key of `.extend(AuthSchema.shape)`: in auth.ts, where it is declared.
  'src/schemas/auth.ts:6:24 client-rejects manage_contact endpoint',
  // Through the union at `data` into the `.strict()` PersonSchema.
  'src/schemas/contacts.ts:11:27 client-rejects manage_contact data.avatarUrl',
  // The budget finding names `data`: on that key.
  'src/schemas/contacts.ts:27:5 over-budget manage_contact data',
  'src/schemas/contacts.ts:27:11 union-shipped manage_contact data',
  // No key to blame: on the tool's definition, `name: 'tag_note'` in the registry, not the shared loop (a description
  // over Copilot CLI's 1,024 characters, and the budget).
  'src/tools.ts:22:9 client-rejects tag_note',
  'src/tools.ts:22:9 over-budget tag_note',
  // A finding about the tool itself (a dot in its name): on `name: ToolNames.ARCHIVE_NOTE`, spelled in names.ts.
  'src/tools.ts:29:9 client-rejects notes.archive',
];

describe('findings of tools registered in a loop over a registry land on their declarations', () => {
  it('zod 4: each finding at its key, union or definition, none at the loop', async () => {
    const run = await runInProcess(['check', '--format', 'json'], { cwd: path.join(FIXTURES, 'locate-registry') });
    expect(JSON.parse(run.stdout).tools.map((t: any) => t.name)).toEqual(['search_things', 'manage_contact', 'notes.archive', 'tag_note']);
    expect(findings(run)).toEqual(EXPECTED);
  });

  describe('zod 3 and SDK 1.17', () => {
    let root: string;
    beforeAll(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-locate-zod3-'));
      fs.cpSync(path.join(FIXTURES, 'locate-registry'), root, { recursive: true });
      fs.symlinkSync(path.join(FIXTURES, 'eval-zod3-sdk117', 'node_modules'), path.join(root, 'node_modules'), 'dir');
    });
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

    it('the same places', async () => {
      const run = await runInProcess(['check', '--format', 'json'], { cwd: root });
      expect(findings(run)).toEqual(EXPECTED);
    });
  });

  describe('over-budget related information', () => {
    const root = path.join(FIXTURES, 'locate-registry');
    const pipeline = createPipeline(pipelineOptions(DEFAULT_SETTINGS, root, true));
    afterAll(() => pipeline.dispose());

    it('a finding on the heaviest key points at the tool it belongs to, one on the tool at that key', async () => {
      const result = await pipeline.analyze();
      const all = [...result.diagnosticsByFile.values()].flat().filter((d) => d.code === 'over-budget');
      const related = (tool: string) =>
        all
          .find((d) => d.tool === tool)!
          .related.map(
            (r) => `${path.relative(root, r.location.file)}:${r.location.range.start.line + 1}:${r.location.range.start.character + 1} ${r.message}`,
          );
      expect(related('manage_contact')).toEqual([expect.stringMatching(/^src\/tools\.ts:16:9 tool manage_contact: 2,\d{3} tokens in all$/)]);
      expect(related('tag_note')).toEqual([expect.stringMatching(/^src\/schemas\/notes\.ts:4:3 `note`: \d+ tokens$/)]);
    });
  });
});
