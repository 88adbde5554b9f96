/**
 * Installs the fixture workspaces that pin their own package versions (a package-lock.json of their own),
 * once, before any suite runs: `npm ci` where node_modules is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export default function setup(): void {
  const fixtures = path.join(__dirname, 'fixtures');
  for (const name of readdirSync(fixtures)) {
    const dir = path.join(fixtures, name);
    if (!existsSync(path.join(dir, 'package-lock.json')) || existsSync(path.join(dir, 'node_modules'))) continue;
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir, stdio: 'ignore' });
  }
}
