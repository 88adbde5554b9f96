// The published shape: `npm pack`, install the tarball into a fresh project, and run the bin through npx,
// as a user who installs tool-schema-lens from the registry does.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, REPO, runCli } from './runCli';

// Inside the repository (gitignored .cache) so the checked fixture's zod and SDK resolve from the root
// node_modules, while the package itself and its dependencies come from the tarball's own install.
const project = path.join(REPO, '.cache', 'pack-test');

describe('the npm package', () => {
  let tarball = '';
  beforeAll(() => {
    rmSync(project, { recursive: true, force: true });
    mkdirSync(path.join(project, 'vendor'), { recursive: true });
    // --ignore-scripts: the suite already built dist, and a prepack rebuild would rewrite it under running tests.
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', path.join(project, 'vendor')], { cwd: REPO, stdio: 'ignore' });
    tarball = readdirSync(path.join(project, 'vendor')).find((f) => f.endsWith('.tgz'))!;
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'pack-test', private: true }));
    // The README's install from a clone: the tarball kept in the project, so `npm ci` on a CI runner finds it.
    execFileSync('npm', ['install', '--save-dev', '--no-audit', '--no-fund', '--prefer-offline', `./vendor/${tarball}`], { cwd: project, stdio: 'ignore' });
  }, 240_000);

  it('installs from the project folder again as `npm ci` on a CI runner does', () => {
    const manifest = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(manifest.devDependencies['tool-schema-lens']).toBe(`file:vendor/${tarball}`);
    rmSync(path.join(project, 'node_modules'), { recursive: true, force: true });
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: project, stdio: 'ignore' });
    expect(existsSync(path.join(project, 'node_modules', '.bin', 'tool-schema-lens'))).toBe(true);
  }, 240_000);

  it('runs through npx with its shebang', () => {
    const version = execFileSync('npx', ['--no-install', 'tool-schema-lens', '--version'], { cwd: project, encoding: 'utf8' });
    expect(version).toBe(`${(JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }).version}\n`);
  });

  it('checks a workspace with only its declared dependencies installed', async () => {
    // Its run-time dependency (esbuild, which evaluation drives) came with the package, not from the repository.
    expect(existsSync(path.join(project, 'node_modules', 'esbuild', 'package.json'))).toBe(true);
    const bin = path.join(project, 'node_modules', '.bin', 'tool-schema-lens');
    const fromPackage = execFileSync(bin, ['check', 'cli-basic', '--format', 'json'], { cwd: FIXTURES, encoding: 'utf8' });
    const fromRepo = await runCli(['check', 'cli-basic', '--format', 'json']);
    expect(JSON.parse(fromPackage)).toEqual(JSON.parse(fromRepo.stdout));
    expect(JSON.parse(fromPackage).diagnostics).toHaveLength(1);
  });

  it("ships the providers' SDKs verify sends through, as a bundle beside the server", () => {
    const dist = path.join(project, 'node_modules', 'tool-schema-lens', 'dist');
    expect(readFileSync(path.join(dist, 'server.js'), 'latin1')).toContain('./providerSdks.js');
    expect(readFileSync(path.join(dist, 'providerSdks.js'), 'latin1')).toContain('x-stainless');
  });
});
