/**
 * Builds the runtime package, packs it with `npm pack` as a user would get it, and installs the tarball into fixture
 * workspaces (unpacked into node_modules: the package has no dependencies, so this is what `npm install <tgz>` does,
 * without a registry round trip in every run).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO = path.join(__dirname, '..', '..');
export const RUNTIME_DIR = path.join(REPO, 'runtime');

export interface PackedRuntime {
  tarball: string;
  packedBytes: number;
  /** Removes the checkout and the tarball. */
  remove(): void;
}

/**
 * A checkout of the runtime package without its dist: the files its build reads, and the repository's installed
 * packages. Packing happens there, so the repository's runtime/dist (which examples/ and other tests import while
 * this runs) is never rebuilt under them.
 */
export function runtimeCheckout(under: string): string {
  const checkout = path.join(under, 'checkout');
  mkdirSync(checkout, { recursive: true });
  copyFileSync(path.join(REPO, 'tsconfig.json'), path.join(checkout, 'tsconfig.json'));
  cpSync(path.join(REPO, 'shared'), path.join(checkout, 'shared'), { recursive: true });
  cpSync(RUNTIME_DIR, path.join(checkout, 'runtime'), { recursive: true, filter: (src) => !/[\\/](dist|node_modules)$/.test(src) });
  symlinkSync(path.join(REPO, 'node_modules'), path.join(checkout, 'node_modules'));
  return path.join(checkout, 'runtime');
}

/** The runtime package as `npm pack` makes it from a fresh checkout (its prepack builds the bundles and the types). */
export function packRuntime(): PackedRuntime {
  const work = mkdtempSync(path.join(tmpdir(), 'tsl-runtime-pack-'));
  const runtime = runtimeCheckout(work);
  const out = path.join(work, 'out');
  mkdirSync(out);
  const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: runtime, encoding: 'utf8' }).trim().split('\n').pop()!;
  const tarball = path.join(out, name);
  return { tarball, packedBytes: statSync(tarball).size, remove: () => rmSync(work, { recursive: true, force: true }) };
}

export function installRuntime(tarball: string, workspace: string): void {
  const target = path.join(workspace, 'node_modules', '@tool-schema-lens', 'runtime');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '--strip-components=1', '-C', target]);
}
