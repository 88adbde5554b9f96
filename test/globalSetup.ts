/**
 * Once, before any suite runs: builds the bundles if one is missing (`npm test` builds first; a suite run on its
 * own needs them too), and installs the fixture workspaces that pin their own package versions (a
 * package-lock.json of their own): `npm ci` where node_modules is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const REPO = path.join(__dirname, '..');
const BUNDLES = ['dist/cli.js', 'dist/worker.js', 'dist/renameWorker.js', 'dist/client.js'];

export default function setup(): void {
  if (!BUNDLES.every((f) => existsSync(path.join(REPO, f)))) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: REPO, stdio: 'pipe' });
  const fixtures = path.join(__dirname, 'fixtures');
  for (const name of readdirSync(fixtures)) {
    const dir = path.join(fixtures, name);
    if (!existsSync(path.join(dir, 'package-lock.json')) || existsSync(path.join(dir, 'node_modules'))) continue;
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir, stdio: 'ignore' });
  }
}
