// Regenerates the README's `npm start` output block from a real run of the built CLI over examples/ (no colour), so
// what the README shows is what a new user gets. `npm run docs:output` rewrites it between the markers;
// test/cli/readmeOutput.test.ts fails when the two drift apart.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const START = '<!-- npm-start:start -->';
export const END = '<!-- npm-start:end -->';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What `npm start` prints (the CLI's text report over examples/). */
export function startOutput() {
  const env = { ...process.env };
  delete env.FORCE_COLOR;
  env.NO_COLOR = '1';
  const run = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), 'check', 'examples'], { cwd: root, encoding: 'utf8', env });
  if (run.status !== 0 && run.status !== 1) throw new Error(`check examples failed (exit ${run.status}):\n${run.stderr}`);
  return run.stdout;
}

/** The block as the README holds it, between the markers. */
export function readmeOutput(readme) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} block`);
  return readme
    .slice(start + START.length, end)
    .replace(/^\n```\n/, '')
    .replace(/```\n$/, '');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = join(root, 'README.md');
  const readme = readFileSync(file, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} block`);
  writeFileSync(file, `${readme.slice(0, start + START.length)}\n\`\`\`\n${startOutput()}\`\`\`\n${readme.slice(end)}`);
  console.log('README.md npm start output updated');
}
