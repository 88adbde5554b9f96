/**
 * Once, before any suite runs: builds the bundles if one is missing or older than a source it is built from (`npm
 * test` builds first; a suite run on its own must not test stale code either), and installs the fixture workspaces
 * that pin their own package versions (a package-lock.json of their own): `npm ci` where node_modules is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const REPO = path.join(__dirname, '..');
const BUNDLES = ['dist/cli.js', 'dist/worker.js', 'dist/renameWorker.js', 'dist/client.js'];
/** What the bundles are built from (esbuild.mjs's entries and everything they import from this repo). */
const SOURCES = ['shared', 'protocol', 'server', 'client', 'esbuild.mjs'];

export default function setup(): void {
  if (bundlesAreStale()) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: REPO, stdio: 'pipe' });
  const fixtures = path.join(__dirname, 'fixtures');
  for (const name of readdirSync(fixtures)) {
    const dir = path.join(fixtures, name);
    if (!existsSync(path.join(dir, 'package-lock.json')) || existsSync(path.join(dir, 'node_modules'))) continue;
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir, stdio: 'ignore' });
  }
}

function bundlesAreStale(): boolean {
  const bundles = BUNDLES.map((f) => path.join(REPO, f));
  if (!bundles.every((f) => existsSync(f))) return true;
  const oldestBundle = Math.min(...bundles.map((f) => statSync(f).mtimeMs));
  return SOURCES.some((s) => newestIn(path.join(REPO, s)) > oldestBundle);
}

/** The latest modification time of a file, or of any file under a folder. */
function newestIn(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted source changes its folder
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestIn(path.join(entry, name)));
  return newest;
}
