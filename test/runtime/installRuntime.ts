/**
 * Builds the runtime package, packs it with `npm pack` as a user would get it, and installs the tarball into fixture
 * workspaces (unpacked into node_modules: the package has no dependencies, so this is what `npm install <tgz>` does,
 * without a registry round trip in every run).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO = path.join(__dirname, '..', '..');
export const RUNTIME_DIR = path.join(REPO, 'runtime');

export interface PackedRuntime {
  tarball: string;
  packedBytes: number;
}

export function packRuntime(): PackedRuntime {
  execFileSync(process.execPath, [path.join(RUNTIME_DIR, 'build.mjs')], { cwd: RUNTIME_DIR, stdio: 'pipe' });
  const out = mkdtempSync(path.join(tmpdir(), 'tsl-runtime-pack-'));
  const name = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', out], { cwd: RUNTIME_DIR, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop()!;
  const tarball = path.join(out, name);
  return { tarball, packedBytes: statSync(tarball).size };
}

export function installRuntime(tarball: string, workspace: string): void {
  const target = path.join(workspace, 'node_modules', '@tool-schema-lens', 'runtime');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '--strip-components=1', '-C', target]);
}
