// Regenerates the settings table of docs/settings.md and docs/surface.md from the manifest (package.json is the one source
// of truth for settings). `npm run docs:settings` rewrites both between the markers; test/extension/settings.test.ts
// and test/docs/tables.test.ts fail when they drift apart.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const START = '<!-- settings:start -->';
export const END = '<!-- settings:end -->';

const cell = (text) =>
  String(text)
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
const code = (value) => `\`${typeof value === 'string' && value !== '' ? value : JSON.stringify(value)}\``;

function typeOf(prop) {
  if (prop.enum) return prop.enum.map(code).join(' | ');
  if (prop.type === 'array' && prop.items?.type) return `${prop.items.type}[]`;
  return prop.type;
}

function describe(prop) {
  const parts = [prop.markdownDescription ?? prop.description ?? ''];
  if (prop.enum && prop.enumDescriptions) {
    parts.push(prop.enum.map((value, i) => `${code(value)}: ${prop.enumDescriptions[i]}`).join(' '));
  }
  if (prop.properties) {
    const subs = Object.entries(prop.properties);
    const values = [...new Set(subs.map(([, sub]) => (sub.enum ?? []).map(code).join(', ')))];
    const keys = subs.map(([key, sub]) => `${code(key)}: ${sub.markdownDescription ?? sub.description ?? ''}`);
    parts.push(`Keys${values.length === 1 && values[0] ? ` (each one of ${values[0]})` : ''}: ${keys.join(' ')}`);
  }
  if (typeof prop.minimum === 'number') parts.push(`Minimum ${prop.minimum}.`);
  return cell(parts.filter(Boolean).join(' '));
}

/** The markdown table (without markers) for the manifest's contributed settings. */
export function settingsTable(manifest) {
  const properties = manifest.contributes?.configuration?.properties ?? {};
  const restricted = new Set(manifest.capabilities?.untrustedWorkspaces?.restrictedConfigurations ?? []);
  const rows = Object.entries(properties).map(([name, prop]) => {
    const flag = restricted.has(name) ? ' 🛡' : '';
    return `| \`${name}\`${flag} | ${cell(typeOf(prop))} | ${code(prop.default)} | ${describe(prop)} |`;
  });
  return [
    '| Setting | Type | Default | Description |',
    '|---|---|---|---|',
    ...rows,
    '',
    '🛡 ignored from workspace settings until the workspace is trusted (it decides what code runs).',
  ].join('\n');
}

/** README text with the table between the markers; the markers go under a `## Settings` heading at the end if absent. */
export function withSettingsTable(readme, manifest) {
  const block = `${START}\n${settingsTable(manifest)}\n${END}`;
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start >= 0 && end > start) return readme.slice(0, start) + block + readme.slice(end + END.length);
  // Prettier would realign the generated table: the block is kept out of its reach.
  return `${readme.replace(/\s*$/, '')}\n\n## Settings\n\n<!-- prettier-ignore-start -->\n${block}\n<!-- prettier-ignore-end -->\n`;
}

/** The table currently between the README's markers, or undefined when there are none. */
export function readmeSettingsTable(readme) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) return undefined;
  return readme.slice(start + START.length, end).trim();
}

/** The documents that carry the generated table: the settings page and the user-facing surface page. */
export const DOCUMENTS = ['docs/settings.md', 'docs/surface.md'];

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const document of DOCUMENTS) {
    const file = join(root, document);
    const before = readFileSync(file, 'utf8');
    const after = withSettingsTable(before, manifest);
    if (after !== before) writeFileSync(file, after);
    console.log(after === before ? `${document} settings table already up to date` : `${document} settings table updated`);
  }
}
