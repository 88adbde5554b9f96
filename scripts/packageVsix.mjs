// Packages the VS Code extension: `node scripts/packageVsix.mjs [--target <t>[,<t>...]|all] [--out file.vsix | --out-dir dir]`
// (after `node esbuild.mjs`). vsce --no-dependencies ships no node_modules, yet the server drives esbuild's native
// binary at run time. So each .vsix is staged in a temp directory: the package's `files` plus esbuild's JS API and
// the target's binary under dist/esbuild/ (server/esbuildApi.cjs loads them), and marked for that platform with
// `vsce --target`. Without --target it is this machine's platform. A binary for another platform comes from the npm
// registry (`npm pack @esbuild/<platform>@<the installed esbuild's version>`, cached in .cache/esbuild/): the API
// refuses a binary of another version. The repository's dist/ never holds a binary, so the npm tarball stays free of it.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const require = createRequire(join(root, 'package.json'));
const esbuildVersion = JSON.parse(readFileSync(require.resolve('esbuild/package.json'), 'utf8')).version;

/** Every platform VS Code's Marketplace and Open VSX take a platform .vsix for, with esbuild's package for it. */
const TARGETS = {
  'win32-x64': { esbuildPackage: '@esbuild/win32-x64', binary: 'esbuild.exe' },
  'win32-arm64': { esbuildPackage: '@esbuild/win32-arm64', binary: 'esbuild.exe' },
  'linux-x64': { esbuildPackage: '@esbuild/linux-x64', binary: 'bin/esbuild' },
  'linux-arm64': { esbuildPackage: '@esbuild/linux-arm64', binary: 'bin/esbuild' },
  'linux-armhf': { esbuildPackage: '@esbuild/linux-arm', binary: 'bin/esbuild' },
  // esbuild's Linux binaries are static: the same ones run on Alpine's musl.
  'alpine-x64': { esbuildPackage: '@esbuild/linux-x64', binary: 'bin/esbuild' },
  'alpine-arm64': { esbuildPackage: '@esbuild/linux-arm64', binary: 'bin/esbuild' },
  'darwin-x64': { esbuildPackage: '@esbuild/darwin-x64', binary: 'bin/esbuild' },
  'darwin-arm64': { esbuildPackage: '@esbuild/darwin-arm64', binary: 'bin/esbuild' },
};

function argument(name) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

/** This machine's target, as vsce names it. */
function hostTarget() {
  const arch = process.arch === 'arm' ? 'armhf' : process.arch;
  return `${process.platform}-${arch}`;
}

const asked = argument('--target');
const targets = !asked ? [hostTarget()] : asked === 'all' ? Object.keys(TARGETS) : asked.split(',').map((t) => t.trim());
for (const t of targets) if (!TARGETS[t]) throw new Error(`unknown target ${t} (known: ${Object.keys(TARGETS).join(', ')}, all)`);
const outArg = argument('--out');
if (outArg && targets.length > 1) throw new Error('--out names one file: give one --target with it, or none');

/** The target's esbuild binary: installed when it is this machine's, else fetched once from the registry. */
function binaryFor(target) {
  const { esbuildPackage, binary } = TARGETS[target];
  try {
    const installed = join(dirname(require.resolve(`${esbuildPackage}/package.json`)), binary);
    const version = JSON.parse(readFileSync(require.resolve(`${esbuildPackage}/package.json`), 'utf8')).version;
    if (existsSync(installed) && version === esbuildVersion) return installed;
  } catch {
    // not installed here: fetched below
  }
  const cache = join(root, '.cache', 'esbuild', `${esbuildPackage.replace('/', '+')}@${esbuildVersion}`);
  const cached = join(cache, 'package', binary);
  if (!existsSync(cached)) {
    mkdirSync(cache, { recursive: true });
    execFileSync('npm', ['pack', `${esbuildPackage}@${esbuildVersion}`, '--silent', '--pack-destination', cache], { stdio: ['ignore', 'pipe', 'inherit'] });
    const tarball = readdirSync(cache).find((f) => f.endsWith('.tgz'));
    execFileSync('tar', ['-xzf', join(cache, tarball), '-C', cache]);
  }
  return cached;
}

function vendorEsbuild(stage, target) {
  const api = require.resolve('esbuild/lib/main.js');
  const binaryName = TARGETS[target].binary.endsWith('.exe') ? 'esbuild.exe' : 'esbuild';
  mkdirSync(join(stage, 'dist', 'esbuild', 'lib'), { recursive: true });
  mkdirSync(join(stage, 'dist', 'esbuild', 'bin'), { recursive: true });
  copyFileSync(api, join(stage, 'dist', 'esbuild', 'lib', 'main.js'));
  copyFileSync(binaryFor(target), join(stage, 'dist', 'esbuild', 'bin', binaryName));
  chmodSync(join(stage, 'dist', 'esbuild', 'bin', binaryName), 0o755);
  return ['dist/esbuild/lib/main.js', `dist/esbuild/bin/${binaryName}`];
}

/** What the .vsix carries beyond the npm package's files: the VS Code client and the extension's icon. */
const EXTENSION_FILES = ['dist/client.js', 'images/icon.png'];

const outDir = resolve(argument('--out-dir') ?? root);
// The providers' SDKs serve `tool-schema-lens verify` alone, which the editor never runs: the npm package has them.
// The npm package (`files`) is the CLI and the language server; the extension adds its client and its icon.
const files = [...manifest.files.filter((file) => file !== 'dist/providerSdks.js'), ...EXTENSION_FILES];
for (const target of targets) {
  const out = resolve(outArg ?? join(outDir, asked ? `${manifest.name}-${target}-${manifest.version}.vsix` : `${manifest.name}-${manifest.version}.vsix`));
  const stage = mkdtempSync(join(tmpdir(), 'tool-schema-lens-vsix-'));
  try {
    for (const file of files) {
      if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run \`node esbuild.mjs\` first`);
      mkdirSync(dirname(join(stage, file)), { recursive: true });
      copyFileSync(join(root, file), join(stage, file));
    }
    const vendored = vendorEsbuild(stage, target);
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify({ ...manifest, files: [...files, ...vendored] }, null, 2)}\n`);
    const vsce = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'vsce.cmd' : 'vsce');
    // stdin closed: any prompt from vsce (missing repository, license) fails the build instead of hanging it.
    execFileSync(vsce, ['package', '--no-dependencies', '--target', target, '--out', out], { cwd: stage, stdio: ['ignore', 'inherit', 'inherit'] });
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
