// Regenerates docs/clients.md (the table of targets × rules × sources, then a section per rule) from the profiles
// (shared/clients/profiles/, the one source of truth for client rules); the page's intro above the table is
// hand-written and kept. `npm run docs:clients`; test/engine/clients/table.test.ts fails when the two drift apart.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const START = '<!-- clients:start -->';
export const END = '<!-- clients:end -->';

const cell = (text) =>
  String(text)
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
const CONSEQUENCE = {
  'request-rejected': 'request rejected',
  'all-tools-dropped': 'every tool dropped',
  'tool-dropped': 'tool dropped',
  rewritten: 'silently rewritten',
  warned: 'warned',
  'listing-refused': 'listing refused',
  'calls-rejected': 'every call rejected',
};
/** How the rule is known (its message is as sure as this). */
const EVIDENCE = {
  documented: 'documented',
  'sdk-source': 'SDK source',
  observed: 'observed',
  inferred: 'inferred',
};
const evidenceCell = (r) => `${EVIDENCE[r.evidence]}${r.observedOn ? ` (${cell(r.observedOn)})` : ''}`;

/** Where a source lives, short: `anthropics/claude-code#76881`, `cloud.google.com`. */
function sourceLabel(url) {
  const gh = /^https:\/\/github\.com\/([^/]+\/[^/]+)\/(?:issues|pull)\/(\d+)/.exec(url);
  if (gh) return `${gh[1]}#${gh[2]}`;
  const file = /^https:\/\/github\.com\/([^/]+\/[^/]+)\/blob\/[^/]+\/(.+)$/.exec(url);
  if (file) return `${file[1]}: ${file[2]}`;
  return new URL(url).hostname;
}

/** The markdown table (without markers) for every profile's rules, in profile order. */
export function clientsTable(profiles) {
  const rows = profiles.flatMap((p) =>
    p.rules.map(
      (r) =>
        `| \`${p.id}\`${p.optIn ? ' (opt-in)' : ''} | \`${r.id}\` | ${cell(r.checks)} | ${CONSEQUENCE[r.consequence]} | ${evidenceCell(r)} | [${cell(sourceLabel(r.source))}](${r.source}) | ${r.confirmed} |`,
    ),
  );
  return ['| Target | Rule | Checks | Consequence | Evidence | Source | Confirmed |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
}

const DEFAULT_CLIENTS_INTRO = '# Clients and model providers\n';

/** The hand-written part of a generated page: everything above its table's start marker. */
export const introOf = (page) => (page.includes(START) ? page.slice(0, page.indexOf(START)) : DEFAULT_CLIENTS_INTRO);

/** The heading of one client rule on docs/clients.md, whose GitHub anchor is `<target>-<rule>` (server/lsp/ruleDocs.ts). */
export const ruleHeading = (target, rule) => `### ${target}: ${rule}`;

/**
 * docs/clients.md: its hand-written intro (everything above the table's markers, kept as it is), the table, then a
 * section per target and per rule (the anchors editors link to), generated.
 */
export function clientsPage(profiles, intro = DEFAULT_CLIENTS_INTRO) {
  const sections = profiles.flatMap((p) => {
    const ids = [...new Set(p.rules.map((r) => r.id))];
    return [
      `## \`${p.id}\`${p.optIn ? ' (opt-in)' : ''}`,
      '',
      ...ids.flatMap((id) => [
        ruleHeading(p.id, id),
        '',
        ...p.rules
          .filter((r) => r.id === id)
          .map(
            (r) =>
              `- ${cell(r.checks)}: otherwise ${CONSEQUENCE[r.consequence]}. Evidence: ${evidenceCell(r)}, [${cell(sourceLabel(r.source))}](${r.source}), confirmed ${r.confirmed}.`,
          ),
        '',
      ]),
    ];
  });
  return [intro.trimEnd(), '', START, clientsTable(profiles), END, '', ...sections].join('\n');
}

/** README text with the table between the markers (which must exist). */
export function withClientsTable(readme, profiles) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} block`);
  return readme.slice(0, start) + `${START}\n${clientsTable(profiles)}\n${END}` + readme.slice(end + END.length);
}

/** The table currently between the README's markers, or undefined when there are none. */
export function readmeClientsTable(readme) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) return undefined;
  return readme.slice(start + START.length, end).trim();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  // The profiles are TypeScript: bundled in memory with the repository's esbuild, then imported.
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [join(root, 'shared/clients/index.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  });
  const { PROFILES } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  const pagePath = join(root, 'docs', 'clients.md');
  writeFileSync(pagePath, clientsPage(PROFILES, introOf(readFileSync(pagePath, 'utf8'))));
  console.log('docs/clients.md written');
}
