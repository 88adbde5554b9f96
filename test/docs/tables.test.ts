/**
 * The documentation's tables are the code's, not a copy that drifts: the finding-code tables of README.md and
 * docs/surface.md list exactly the codes of shared/findings.ts (CODES), in its order, each with its default
 * severity; docs/surface.md's settings table is the one `npm run docs:settings` generates from package.json;
 * and every document the README links to exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODES, FINDING_CODES } from '../../shared/findings';
// @ts-expect-error: a plain .mjs script without type declarations
import { readmeSettingsTable, settingsTable } from '../../scripts/settings-table.mjs';

const root = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** The rows of the first table under `## Finding codes`: each row's code and its default-severity cell. */
function codesTable(markdown: string): Array<{ code: string; defaultCell: string }> {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Finding codes'));
  if (!section) return [];
  const rows = section.split('\n').filter((line) => /^\|\s*`[^`]+`\s*\|/.test(line)); // padded or not: prettier aligns tables
  return rows.map((row) => {
    const cells = row.split(/(?<!\\)\|/).map((c) => c.trim());
    return { code: /^`([^`]+)`$/.exec(cells[1])?.[1] ?? cells[1], defaultCell: cells[2] };
  });
}

describe.each(['README.md', 'docs/surface.md'])('the finding codes table of %s', (file) => {
  const rows = codesTable(read(file));

  it('lists exactly the codes of CODES, in its order', () => {
    expect(rows.map((r) => r.code)).toEqual(FINDING_CODES);
  });

  it('gives each code its default severity first in the default column', () => {
    for (const { code, defaultCell } of rows) {
      expect(defaultCell.split(/[\s(]/)[0], code).toBe(CODES[code as keyof typeof CODES].defaultSeverity);
    }
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
