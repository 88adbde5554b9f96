// Packages the VS Code extension: `node scripts/packageVsix.mjs [--out file.vsix]` (after `node esbuild.mjs`).
// vsce --no-dependencies ships no node_modules, yet the server drives esbuild's native binary at run time. So the
// .vsix is staged in a temp directory: the package's `files` plus esbuild's JS API and this machine's binary under
// dist/esbuild/ (server/esbuildApi.cjs loads them), and marked for this platform with `--target`. The repository's
// dist/ never holds the binary, so the npm tarball (`npm pack`, which relies on the `esbuild` dependency) stays free
// of it.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const outIndex = process.argv.indexOf('--out');
const out = resolve(outIndex > 0 ? process.argv[outIndex + 1] : join(root, `${manifest.name}-${manifest.version}.vsix`));

/** The VS Code target (vsce --target) and the @esbuild package for the machine that packages. */
function platformOf(platform = process.platform, arch = process.arch) {
  const esbuildPackage = `@esbuild/${platform}-${arch}`;
  const vscodeArch = arch === 'arm' ? 'armhf' : arch;
  const binary = platform === 'win32' ? 'esbuild.exe' : join('bin', 'esbuild');
  return { target: `${platform}-${vscodeArch}`, esbuildPackage, binary };
}

function vendorEsbuild(stage) {
  const require = createRequire(join(root, 'package.json'));
  const api = require.resolve('esbuild/lib/main.js');
  const { esbuildPackage, binary } = platformOf();
  const binarySource = join(dirname(require.resolve(`${esbuildPackage}/package.json`)), binary);
  const binaryName = binary.endsWith('.exe') ? 'esbuild.exe' : 'esbuild';
  mkdirSync(join(stage, 'dist', 'esbuild', 'lib'), { recursive: true });
  mkdirSync(join(stage, 'dist', 'esbuild', 'bin'), { recursive: true });
  copyFileSync(api, join(stage, 'dist', 'esbuild', 'lib', 'main.js'));
  copyFileSync(binarySource, join(stage, 'dist', 'esbuild', 'bin', binaryName));
  chmodSync(join(stage, 'dist', 'esbuild', 'bin', binaryName), 0o755);
  // The API refuses a binary of another version: both come from the same install.
  return ['dist/esbuild/lib/main.js', `dist/esbuild/bin/${binaryName}`];
}

const stage = mkdtempSync(join(tmpdir(), 'tool-schema-lens-vsix-'));
try {
  for (const file of manifest.files) {
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run \`node esbuild.mjs\` first`);
    mkdirSync(dirname(join(stage, file)), { recursive: true });
    copyFileSync(join(root, file), join(stage, file));
  }
  const vendored = vendorEsbuild(stage);
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify({ ...manifest, files: [...manifest.files, ...vendored] }, null, 2)}\n`);
  const { target } = platformOf();
  const vsce = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'vsce.cmd' : 'vsce');
  // stdin closed: any prompt from vsce (missing repository, license) fails the build instead of hanging it.
  execFileSync(vsce, ['package', '--no-dependencies', '--target', target, '--out', out], { cwd: stage, stdio: ['ignore', 'inherit', 'inherit'] });
} finally {
  rmSync(stage, { recursive: true, force: true });
}
