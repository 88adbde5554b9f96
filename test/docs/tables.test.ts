/**
 * The documentation's tables are the code's, not a copy that drifts: the finding-code tables of docs/codes.md and
 * docs/surface.md are generated from shared/findings/<code>.ts and list exactly its codes, each with its default severity; docs/surface.md's settings table is the one `npm run docs:settings` generates from package.json;
 * and every document the README links to exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODES, FINDING_CODES } from '../../shared/findings';
// @ts-expect-error: a plain .mjs script without type declarations
import { readmeSettingsTable, settingsTable } from '../../scripts/settings-table.mjs';
// @ts-expect-error: a plain .mjs script without type declarations
import { codesTableOf, loadFindings, readmeCodesTable, surfaceCodesTable } from '../../scripts/findings-tables.mjs';

const root = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** The rows of the first table under `## Finding codes`: each row's code and its default-severity cell. */
function codesTable(markdown: string): Array<{ code: string; defaultCell: string }> {
  const section = markdown.split(/^#{1,2} /m).find((s) => s.startsWith('Finding codes'));
  if (!section) return [];
  const rows = section.split('\n').filter((line) => /^\|\s*`[^`]+`\s*\|/.test(line)); // padded or not: prettier aligns tables
  return rows.map((row) => {
    const cells = row.split(/(?<!\\)\|/).map((c) => c.trim());
    return { code: /^`([^`]+)`$/.exec(cells[1])?.[1] ?? cells[1], defaultCell: cells[2] };
  });
}

describe.each(['docs/codes.md', 'docs/surface.md'])('the finding codes table of %s', (file) => {
  const rows = codesTable(read(file));

  it('lists every code of CODES once, and no other', () => {
    const codes = rows.map((r) => r.code);
    expect(new Set(codes).size, 'a code listed twice').toBe(codes.length);
    expect([...codes].sort()).toEqual([...FINDING_CODES].sort());
  });

  it("names each code's default severity in the default column", () => {
    for (const { code, defaultCell } of rows) {
      const severity = CODES[code as keyof typeof CODES].defaultSeverity;
      expect(defaultCell, code).toMatch(new RegExp(`^(by [^:]+: )?${severity}\\b`));
    }
  });
});

describe('the finding codes tables', () => {
  it("are the tables generated from each code's file (run `npm run docs:findings` when this fails)", async () => {
    const findings = await loadFindings();
    expect(codesTableOf(read('docs/codes.md'))).toBe(readmeCodesTable(findings));
    expect(codesTableOf(read('docs/surface.md'))).toBe(surfaceCodesTable(findings));
  });

  it('has one file per registered code under shared/findings/, named after it', async () => {
    const files = readdirSync(join(root, 'shared/findings')).filter((f) => /^[a-z]+(-[a-z]+)+\.ts$/.test(f));
    expect(files.map((f) => f.replace(/\.ts$/, '')).sort()).toEqual([...FINDING_CODES].sort());
  });
});

describe('docs/surface.md', () => {
  it('has the settings table generated from package.json (run `npm run docs:settings` when this fails)', () => {
    const manifest = JSON.parse(read('package.json'));
    expect(readmeSettingsTable(read('docs/surface.md'))).toBe(settingsTable(manifest));
  });
});

describe('the README', () => {
  it('links architecture.md, flatten.md and surface.md, and every docs/ page it links exists', () => {
    const readme = read('README.md');
    const linked = [...readme.matchAll(/\]\((docs\/[^)#\s]+)/g)].map((m) => m[1]);
    for (const page of ['docs/architecture.md', 'docs/flatten.md', 'docs/surface.md']) expect(linked, page).toContain(page);
    for (const page of linked) expect(existsSync(join(root, page)), page).toBe(true);
  });
});
