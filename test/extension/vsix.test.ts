/**
 * The packaged extension: scripts/packageVsix.mjs on the built bundles yields a .vsix holding exactly the
 * runtime files (no sources, tests, fixtures or node_modules, but esbuild's API and this platform's binary),
 * with a manifest VS Code can load, and a server that runs where nothing of this repository can be resolved.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
  'extension/dist/server.js',
  'extension/dist/worker.js',
  'extension/dist/loaderHooks.mjs',
  'extension/dist/tokenizer.js',
  'extension/dist/tokenizerRanks.json',
  'extension/dist/client.js',
  'extension/dist/esbuild/lib/main.js',
  `extension/dist/esbuild/bin/${process.platform === 'win32' ? 'esbuild.exe' : 'esbuild'}`,
].sort();

let outDir: string;
let entries: ZipEntry[];
const entry = (name: string) => {
  const found = entries.find((e) => e.name === name);
  if (!found) throw new Error(`${name} is not in the vsix`);
  return found;
};

beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), 'tsl-vsix-'));
  const vsix = join(outDir, `${manifest.name}-${manifest.version}.vsix`);
  execFileSync(process.execPath, [join(root, 'scripts', 'packageVsix.mjs'), '--out', vsix], {
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
  it('holds exactly the bundles, esbuild, manifest, readme, changelog, license and icon', () => {
    expect(entries.map((e) => e.name).sort()).toEqual(ALLOWED);
  });

  it('is marked for the platform of the esbuild binary it carries, which is executable', () => {
    const arch = process.arch === 'arm' ? 'armhf' : process.arch;
    expect(entry('extension.vsixmanifest').read().toString('utf8')).toContain(`TargetPlatform="${process.platform}-${arch}"`);
    if (process.platform !== 'win32') expect(entry('extension/dist/esbuild/bin/esbuild').mode & 0o111).toBe(0o111);
    const vendored = entry('extension/dist/esbuild/lib/main.js').read().toString('utf8');
    expect(vendored).toContain(`"${JSON.parse(readFileSync(join(root, 'node_modules', 'esbuild', 'package.json'), 'utf8')).version}"`);
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
      'toolSchemaLens.compareSchemas',
      'toolSchemaLens.refreshTools',
    ]);
    expect(packaged.contributes.views.explorer.map((v: { id: string }) => v.id)).toEqual(['toolSchemaLens.tools']);
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

  it('has a server bundle that starts as a Node program, through a launcher', () => {
    const cli = entry('extension/dist/cli.js').read().toString('utf8');
    expect(cli).toMatch(/^#!\/usr\/bin\/env node/);
    expect(cli).toMatch(/server\.js/);
    const server = entry('extension/dist/server.js').read();
    expect(server.length).toBeGreaterThan(1_000_000);
    expect(server.toString('utf8')).toMatch(/lsp/);
  });
});

describe('the installed extension', () => {
  let scratch: string;
  beforeAll(() => {
    // Outside the repository: neither the extension nor the workspace can reach the repository's node_modules,
    // except for the workspace's own zod and MCP SDK (linked, as an `npm install` in the workspace would give).
    scratch = mkdtempSync(join(tmpdir(), 'tsl-installed-'));
    for (const e of entries) {
      const target = join(scratch, 'vsix', e.name);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, e.read());
      if (e.mode) chmodSync(target, e.mode);
    }
    const workspace = join(scratch, 'workspace');
    cpSync(join(root, 'examples'), workspace, { recursive: true, filter: (f) => !f.includes('node_modules') });
    mkdirSync(join(workspace, 'node_modules', '@modelcontextprotocol'), { recursive: true });
    symlinkSync(join(root, 'node_modules', 'zod'), join(workspace, 'node_modules', 'zod'), 'dir');
    symlinkSync(join(root, 'node_modules', '@modelcontextprotocol', 'sdk'), join(workspace, 'node_modules', '@modelcontextprotocol', 'sdk'), 'dir');
    // examples/ ships one tool through the runtime package (a dependency it declares).
    mkdirSync(join(workspace, 'node_modules', '@tool-schema-lens'), { recursive: true });
    symlinkSync(join(root, 'runtime'), join(workspace, 'node_modules', '@tool-schema-lens', 'runtime'), 'dir');
  }, 60_000);
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('runs `check` from the unzipped .vsix on a workspace outside the repository (esbuild evaluates)', () => {
    const env = { ...process.env };
    delete env.NODE_PATH;
    delete env.ESBUILD_BINARY_PATH;
    const run = spawnSync(process.execPath, [join(scratch, 'vsix', 'extension', 'dist', 'cli.js'), 'check', '.', '--format', 'json'], {
      cwd: join(scratch, 'workspace'),
      env,
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(run.stderr).not.toMatch(/Cannot find module|internal error/);
    const report = JSON.parse(run.stdout);
    const codes = report.diagnostics.map((d: { code: string }) => d.code);
    // Evaluation ran (a bundling failure would be evaluation-failed) and found the example's union shipped as written.
    expect(codes).not.toContain('evaluation-failed');
    expect(report.diagnostics).toContainEqual(expect.objectContaining({ code: 'union-shipped', file: 'src/schemas/content.ts' }));
  }, 100_000);
});

describe('the npm package', () => {
  it("carries the tokenizer, the loader hooks and the providers' SDKs, no second bundle with TypeScript and no esbuild binary (the `esbuild` dependency provides it)", () => {
    const dry = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const files = (JSON.parse(dry)[0].files as Array<{ path: string }>).map((f) => f.path);
    // The rename worker is the server bundle on a thread of its own (fixes/renameWorker.ts): one copy of TypeScript.
    expect(files.filter((f) => f.endsWith('.js') && f !== 'dist/cli.js').sort()).toEqual([
      'dist/providerSdks.js',
      'dist/server.js',
      'dist/tokenizer.js',
      'dist/worker.js',
    ]);
    expect(files).toContain('dist/tokenizer.js');
    expect(files).toContain('dist/providerSdks.js');
    expect(files).toContain('dist/loaderHooks.mjs');
    expect(files.filter((f) => f.includes('esbuild'))).toEqual([]);
    // Only what the CLI and the language server need: the VS Code client and icon ship in the .vsix alone (issue 52).
    expect(files).not.toContain('dist/client.js');
    expect(files).not.toContain('images/icon.png');
  }, 60_000);
});
