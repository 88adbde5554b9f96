/**
 * The packaged extension: `vsce package` on the built bundles yields a .vsix holding exactly the
 * runtime files (no sources, tests, fixtures or node_modules), with a manifest VS Code can load.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipEntries, type ZipEntry } from './zipEntries';

const root = join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

const ALLOWED = [
  '[Content_Types].xml',
  'extension.vsixmanifest',
  'extension/package.json',
  'extension/readme.md',
  'extension/changelog.md',
  'extension/LICENSE.txt',
  'extension/images/icon.png',
  'extension/dist/cli.js',
  'extension/dist/worker.js',
  'extension/dist/client.js',
].sort();

let outDir: string;
let entries: ZipEntry[];
const entry = (name: string) => {
  const found = entries.find((e) => e.name === name);
  if (!found) throw new Error(`${name} is not in the vsix`);
  return found;
};

beforeAll(() => {
  if (!['dist/cli.js', 'dist/worker.js', 'dist/client.js'].every((f) => existsSync(join(root, f)))) {
    execFileSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'pipe' });
  }
  outDir = mkdtempSync(join(tmpdir(), 'tsl-vsix-'));
  const vsix = join(outDir, `${manifest.name}-${manifest.version}.vsix`);
  // stdin closed: any prompt from vsce (missing repository, license) fails the build instead of hanging it.
  execFileSync(join(root, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--out', vsix], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 110_000,
  });
  entries = zipEntries(vsix);
}, 120_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the .vsix', () => {
  it('holds exactly the bundles, manifest, readme, changelog, license and icon', () => {
    expect(entries.map((e) => e.name).sort()).toEqual(ALLOWED);
  });

  it('carries the manifest VS Code loads: entry point, icon, commands and trust capabilities', () => {
    const packaged = JSON.parse(entry('extension/package.json').read().toString('utf8'));
    expect(packaged.main).toBe('./dist/client.js');
    expect(entries.some((e) => e.name === `extension/${packaged.icon}`)).toBe(true);
    expect(packaged.capabilities.untrustedWorkspaces.supported).toBe('limited');
    expect(packaged.capabilities.virtualWorkspaces).toBe(false);
    expect(packaged.contributes.commands.map((c: { command: string }) => c.command)).toEqual([
      'toolSchemaLens.showAdvertisedSchema',
      'toolSchemaLens.restartServer',
      'toolSchemaLens.showOutput',
    ]);
    const vsixManifest = entry('extension.vsixmanifest').read().toString('utf8');
    expect(vsixManifest).toContain(`Version="${manifest.version}"`);
    expect(vsixManifest).toContain('Microsoft.VisualStudio.Services.Icons.Default');
  });

  it('ships an icon that is a 128×128 PNG', () => {
    const png = entry('extension/images/icon.png').read();
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([128, 128]);
  });

  it('has a client bundle that loads nothing but vscode and Node built-ins (no zod, no server code)', () => {
    const client = entry('extension/dist/client.js').read().toString('utf8');
    const required = new Set([...client.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]));
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    const foreign = [...required].filter((m) => m !== 'vscode' && !builtins.has(m));
    expect(required.has('vscode')).toBe(true);
    expect(foreign).toEqual([]);
    expect(client).not.toMatch(/ts-morph|zod\/v4|ZodType/);
  });

  it('has a server bundle that starts as a Node program', () => {
    const cli = entry('extension/dist/cli.js').read().toString('utf8');
    expect(cli.length).toBeGreaterThan(1000);
    expect(cli).toMatch(/lsp/);
  });
});
