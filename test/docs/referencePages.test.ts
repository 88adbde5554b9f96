/**
 * The pages a diagnostic links to (issue 52): docs/codes.md and docs/clients.md are generated, below their hand-written
 * intro, from the same sources as the tables (each code's file, the client profiles), and every link a diagnostic or a SARIF rule carries lands on a
 * heading of them: its code's section, or, for a client finding, its rule's section at that client.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../shared/clients/index';
import { INCIDENTS } from '../../shared/clients/incidents/index';
import { FINDING_CODES } from '../../shared/findings';
import { toLspDiagnostic } from '../../server/lsp/diagnostics';
import { findingDocsHref } from '../../server/ruleDocs';
import type { Diagnostic } from '../../server/pipeline/assemble/report';
// @ts-expect-error: a plain .mjs script without type declarations
import { codesPage, introOf as codesIntro, loadFindings } from '../../scripts/findings-tables.mjs';
// @ts-expect-error: a plain .mjs script without type declarations
import { clientsPage, introOf as clientsIntro } from '../../scripts/clients-table.mjs';

const root = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
const anchors = (page: string) => new Set([...page.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1])));

/** The page and anchor an href names, checked against the page's headings. */
function lands(href: string): boolean {
  const [, page, anchor] = /\/docs\/([a-z]+\.md)#(.+)$/.exec(href) ?? [];
  return page !== undefined && anchors(read(`docs/${page}`)).has(anchor);
}

describe('the reference pages', () => {
  it('are generated from the codes and the profiles (run `npm run docs:findings` and `npm run docs:clients` when this fails)', async () => {
    expect(read('docs/codes.md')).toBe(codesPage(await loadFindings(), codesIntro(read('docs/codes.md'))));
    expect(read('docs/clients.md')).toBe(clientsPage(PROFILES, clientsIntro(read('docs/clients.md')), INCIDENTS));
  });

  it("link every code to its section, and every client rule to its rule's section at that client", () => {
    for (const code of FINDING_CODES) expect(lands(findingDocsHref(code)), code).toBe(true);
    for (const profile of PROFILES)
      for (const rule of profile.rules) expect(lands(findingDocsHref('client-rejects', rule.id, [profile.id])), `${profile.id}/${rule.id}`).toBe(true);
  });

  it('are what an LSP diagnostic links as its codeDescription', () => {
    const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
    const finding = (extra: Partial<Diagnostic>) =>
      toLspDiagnostic(
        { file: '/w/a.ts', range: at, severity: 'error', code: 'not-mountable', message: 'm', path: [], related: [], ...extra },
        (f) => `file://${f}`,
      );
    expect(finding({}).codeDescription?.href).toMatch(/\/docs\/codes\.md#not-mountable$/);
    const client = finding({ code: 'client-rejects', rule: 'format', targets: ['codex'] }).codeDescription!.href;
    expect(client).toMatch(/\/docs\/clients\.md#codex-format$/);
    expect(lands(client)).toBe(true);
  });
});
