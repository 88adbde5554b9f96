// Regenerates docs/clients.md (the table of targets × rules × sources with each rule's count of incidents, then a
// section per rule) from the profiles (shared/clients/profiles/, the one source of truth for client rules), and
// docs/incidents.md from the incident catalog (shared/clients/incidents/); each page's hand-written intro is kept.
// `npm run docs:clients`; test/engine/clients/table.test.ts fails when they drift apart.
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

/** What the rule does now, and what it did before where that changed (`until 2026-09: request rejected`). */
const consequenceCell = (r) =>
  [CONSEQUENCE[r.consequence], ...(r.before ?? []).map((e) => `until ${e.until.slice(0, 7)}: ${CONSEQUENCE[e.consequence]}`)].join('; ') +
  (r.since ? ` (since ${r.since.slice(0, 7)})` : '') +
  (r.retired ? ` (not seen since ${r.retired.on.slice(0, 7)}: ${r.retired.why}; not judged today)` : '');

/** How many incidents of the catalog show the rule at its target, linked to the incidents page. */
const incidentsCell = (incidents, p, r) => {
  const n = incidents.filter((i) => i.target === p.id && i.rule === r.id).length;
  return n === 0 ? '–' : `[${n}](incidents.md#${p.id})`;
};

/** The markdown table (without markers) for every profile's rules, in profile order, with the catalog's count. */
export function clientsTable(profiles, incidents = []) {
  const rows = profiles.flatMap((p) =>
    p.rules.map(
      (r) =>
        `| \`${p.id}\`${p.optIn ? ' (opt-in)' : ''} | \`${r.id}\` | ${cell(r.checks)} | ${consequenceCell(r)} | ${evidenceCell(r)} | [${cell(sourceLabel(r.source))}](${r.source}) | ${r.confirmed} | ${incidentsCell(incidents, p, r)} |`,
    ),
  );
  return ['| Target | Rule | Checks | Consequence | Evidence | Source | Confirmed | Incidents |', '|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}

const TAKEN = 'taken';

/** The incidents page: the catalog's size by target and consequence, then every incident by target. */
export function incidentsPage(profiles, incidents) {
  const label = new Map(profiles.map((p) => [p.id, p.label]));
  const targets = [...new Set(incidents.map((i) => i.target))].sort((a, b) => profiles.findIndex((p) => p.id === a) - profiles.findIndex((p) => p.id === b));
  const consequences = [...Object.keys(CONSEQUENCE), TAKEN].filter((c) => incidents.some((i) => i.consequence === c));
  const count = (t, c) => incidents.filter((i) => i.target === t && i.consequence === c).length || '';
  const size = [
    `| Target | ${consequences.map((c) => CONSEQUENCE[c] ?? 'shape taken').join(' | ')} | All |`,
    `|---|${consequences.map(() => '---').join('|')}|---|`,
    ...targets.map((t) => `| \`${t}\` | ${consequences.map((c) => count(t, c)).join(' | ')} | ${incidents.filter((i) => i.target === t).length} |`),
    `| **All** (${new Set(incidents.map((i) => i.thread)).size} threads) | ${consequences.map((c) => incidents.filter((i) => i.consequence === c).length).join(' | ')} | ${incidents.length} |`,
  ];
  const sections = targets.flatMap((t) => [
    '',
    `### ${t}`,
    '',
    `${label.get(t)}.`,
    '',
    '| Incident | Date | Version | Rule | Consequence | What the thread says |',
    '|---|---|---|---|---|---|',
    ...incidents
      .filter((i) => i.target === t)
      .map(
        (i) =>
          `| [${cell(sourceLabel(i.thread))}](${i.thread}) | ${i.date} | ${cell(i.clientVersion ?? '')} | ${i.rule ? `\`${i.rule}\`` : ''} | ${CONSEQUENCE[i.consequence] ?? 'shape taken'} | ${cell(i.says)} |`,
      ),
  ]);
  return [...size, ...sections].join('\n');
}

export const INCIDENTS_START = '<!-- incidents:start -->';
export const INCIDENTS_END = '<!-- incidents:end -->';

/** A page's text with `body` between the incident markers (which must exist). */
export function withIncidents(page, body) {
  const start = page.indexOf(INCIDENTS_START);
  const end = page.indexOf(INCIDENTS_END);
  if (start < 0 || end < start) throw new Error(`no ${INCIDENTS_START} … ${INCIDENTS_END} block`);
  return page.slice(0, start) + `${INCIDENTS_START}\n${body}\n${INCIDENTS_END}` + page.slice(end + INCIDENTS_END.length);
}

/** The text between a page's incident markers, or undefined. */
export function pageIncidents(page) {
  const start = page.indexOf(INCIDENTS_START);
  const end = page.indexOf(INCIDENTS_END);
  if (start < 0 || end < start) return undefined;
  return page.slice(start + INCIDENTS_START.length, end).trim();
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
export function clientsPage(profiles, intro = DEFAULT_CLIENTS_INTRO, incidents = []) {
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
  return [intro.trimEnd(), '', START, clientsTable(profiles, incidents), END, '', ...sections].join('\n');
}

/** README text with the table between the markers (which must exist). */
export function withClientsTable(readme, profiles, incidents = []) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} block`);
  return readme.slice(0, start) + `${START}\n${clientsTable(profiles, incidents)}\n${END}` + readme.slice(end + END.length);
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
    stdin: {
      contents: "export { PROFILES } from './shared/clients/index';\nexport { INCIDENTS } from './shared/clients/incidents/index';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  });
  const { PROFILES, INCIDENTS } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  const pagePath = join(root, 'docs', 'clients.md');
  writeFileSync(pagePath, clientsPage(PROFILES, introOf(readFileSync(pagePath, 'utf8')), INCIDENTS));
  console.log('docs/clients.md written');
  const incidentsPath = join(root, 'docs', 'incidents.md');
  const before = readFileSync(incidentsPath, 'utf8');
  const after = withIncidents(before, incidentsPage(PROFILES, INCIDENTS));
  if (after !== before) writeFileSync(incidentsPath, after);
  console.log(after === before ? 'docs/incidents.md already up to date' : 'docs/incidents.md updated');
}
