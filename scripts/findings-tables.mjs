// Regenerates what the finding codes' files (shared/findings/<code>.ts, the one source of truth for codes) say
// elsewhere: docs/codes.md (its intro above the table hand-written and kept), the codes table of docs/surface.md, and the per-code `toolSchemaLens.severity` settings
// of package.json. `npm run docs:findings` rewrites them; test/docs/tables.test.ts and
// test/extension/settings.test.ts fail when they drift apart.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const START = '<!-- codes:start -->';
export const END = '<!-- codes:end -->';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cell = (text) =>
  String(text)
    .replace(/\s*\n\s*/g, ' ')
    .trim();
const defaultCell = (f) => `${f.defaultSeverity}${f.docs.severityNote ? ` ${f.docs.severityNote}` : ''}`;

/** The README's table: code, default, an example message. */
export function readmeCodesTable(findings) {
  const rows = findings.map((f) => `| \`${f.code}\` | ${cell(defaultCell(f))} | ${cell(f.docs.example)} |`);
  return ['| code | default | example (message as printed) |', '|---|---|---|', ...rows].join('\n');
}

/** docs/surface.md's table: code, default, when it is raised, where it points. */
export function surfaceCodesTable(findings) {
  const rows = findings.map((f) => `| \`${f.code}\` | ${cell(defaultCell(f))} | ${cell(f.docs.when)} | ${cell(f.docs.where)} |`);
  return ['| code | default | when | where it points |', '|---|---|---|---|', ...rows].join('\n');
}

const DEFAULT_CODES_INTRO = '# Finding codes\n';

/** The hand-written part of a generated page: everything above its table's start marker. */
export const introOf = (page) => (page.includes(START) ? page.slice(0, page.indexOf(START)) : DEFAULT_CODES_INTRO);

/** docs/codes.md: its hand-written intro (kept), the table, then a section per code (the anchors editors link to). */
export function codesPage(findings, intro = DEFAULT_CODES_INTRO) {
  const sections = findings.flatMap((f) => [
    `## \`${f.code}\``,
    '',
    `Default severity: ${cell(defaultCell(f))}. ${cell(f.summary)}`,
    '',
    `- **When**: ${cell(f.docs.when)}`,
    `- **Where**: ${cell(f.docs.where)}`,
    `- **Example**: ${cell(f.docs.example)}`,
    '',
  ]);
  return [intro.trimEnd(), '', START, readmeCodesTable(findings), END, '', ...sections].join('\n');
}

const SEVERITY_WORDS = ['Shown as an error; `check` exits 1.', 'Shown as a warning.', 'Shown as information (no squiggle in most themes).', 'Not reported.'];

/** The `properties` of the `toolSchemaLens.severity` setting: one per code, in the docs' order. */
export function severityProperties(findings) {
  return Object.fromEntries(
    findings.map((f) => [
      f.code,
      {
        type: 'string',
        enum: ['error', 'warning', 'information', 'off'],
        markdownDescription: `Default \`${f.defaultSeverity}\`${f.docs.severityNote ? ` ${f.docs.severityNote}` : ''}.`,
        enumDescriptions: SEVERITY_WORDS,
      },
    ]),
  );
}

/** `text` with `table` between the markers (which must exist). */
export function withCodesTable(text, table) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`no ${START} … ${END} block`);
  return text.slice(0, start) + `${START}\n${table}\n${END}` + text.slice(end + END.length);
}

/** The table between a document's markers, or undefined when there are none. */
export function codesTableOf(text) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  return start < 0 || end < start ? undefined : text.slice(start + START.length, end).trim();
}

/** Every finding's definition with its docs, in the registry's order (the files are TypeScript: bundled in memory). */
export async function loadFindings() {
  const { build } = await import('esbuild');
  const dir = join(root, 'shared/findings');
  const files = readdirSync(dir).filter((f) => /^[a-z]+(-[a-z]+)+\.ts$/.test(f));
  const entry = [
    "export { FINDINGS } from './index.ts';",
    ...files.map((f, i) => `import { docs as d${i} } from './${f}';`),
    `export const DOCS = { ${files.map((f, i) => `${JSON.stringify(f.replace(/\.ts$/, ''))}: d${i}`).join(', ')} };`,
  ].join('\n');
  const out = await build({
    stdin: { contents: entry, resolveDir: dir, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  });
  const { FINDINGS, DOCS } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  return FINDINGS.map((f) => {
    if (!DOCS[f.code]) throw new Error(`shared/findings/${f.code}.ts: a registered code needs its own file, with its docs`);
    return { ...f, docs: DOCS[f.code] };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const findings = await loadFindings();
  for (const [file, table] of [['docs/surface.md', surfaceCodesTable(findings)]]) {
    const path = join(root, file);
    writeFileSync(path, withCodesTable(readFileSync(path, 'utf8'), table));
  }
  const pagePath = join(root, 'docs', 'codes.md');
  writeFileSync(pagePath, codesPage(findings, introOf(readFileSync(pagePath, 'utf8'))));
  const manifestPath = join(root, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const configs = [manifest.contributes.configuration].flat();
  const severity = configs.map((c) => c.properties['toolSchemaLens.severity']).find(Boolean);
  severity.properties = severityProperties(findings);
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`wrote docs/codes.md, the codes table of docs/surface.md and ${findings.length} severity settings in package.json`);
}
