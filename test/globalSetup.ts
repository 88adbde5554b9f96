/**
 * Once, before any suite runs: builds the bundles if one is missing or older than a source it is built from (`npm
 * test` builds first; a suite run on its own must not test stale code either), and installs the fixture workspaces
 * that pin their own package versions (a package-lock.json of their own): `npm ci` where node_modules is missing.
 * The fixtures' result cache (node_modules/.cache/tool-schema-lens, where `check` keeps runs of the repo's folders)
 * is emptied: a run starts as on a fresh clone, whatever an earlier run kept.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const REPO = path.join(__dirname, '..');

/** Each build: its outputs, what they are built from (entries and everything they import from this repo), and how. */
const BUILDS = [
  {
    outputs: ['dist/cli.js', 'dist/server.js', 'dist/worker.js', 'dist/tokenizer.js', 'dist/tokenizerRanks.json', 'dist/client.js'],
    sources: ['shared', 'protocol', 'server', 'client', 'esbuild.mjs'],
    args: ['esbuild.mjs'],
  },
  // The runtime package, as `npm run build` makes it (the fixtures that ship through it import its dist/).
  {
    outputs: ['runtime/dist/index.mjs', 'runtime/dist/index.cjs'],
    sources: ['shared', 'runtime/src', 'runtime/build.mjs'],
    args: ['runtime/build.mjs', '--js-only'],
  },
];

export default async function setup(): Promise<() => void> {
  const started = Date.now();
  // Another run on this machine (another checkout's) has worker folders in the same temp folder: ours carry this tag.
  const run = `${process.pid}`;
  process.env.TOOL_SCHEMA_LENS_TEST_RUN = `${run}-`;
  for (const b of BUILDS) if (isStale(b.outputs, b.sources)) execFileSync(process.execPath, b.args, { cwd: REPO, stdio: 'pipe' });
  rmSync(path.join(REPO, 'node_modules', '.cache', 'tool-schema-lens'), { recursive: true, force: true });
  const fixtures = path.join(__dirname, 'fixtures');
  // Fixtures grouped in a folder of their own (toolchains/) pin theirs one level down.
  const folders = readdirSync(fixtures).flatMap((name) => {
    const dir = path.join(fixtures, name);
    return existsSync(path.join(dir, 'package.json')) || !statSync(dir).isDirectory() ? [dir] : readdirSync(dir).map((inner) => path.join(dir, inner));
  });
  const missing = folders.filter((dir) => existsSync(path.join(dir, 'package-lock.json')) && !existsSync(path.join(dir, 'node_modules')));
  // Said before it happens: on a fresh clone this is half a minute in which no test runs yet.
  if (missing.length) process.stdout.write(`Installing ${missing.length} fixture workspace(s) with their pinned packages (npm ci)…\n`);
  await installAll(missing);
  // Suites that evaluate from source build the worker into a temp folder per test process, and the pool ends those
  // processes without an exit event: their folders are removed here, those of this run only.
  return () => {
    for (const name of readdirSync(os.tmpdir())) {
      if (!name.startsWith(`tool-schema-lens-worker-${run}-`)) continue;
      const dir = path.join(os.tmpdir(), name);
      // A test process that ended normally removed its own folder meanwhile: gone is what is wanted, not an error
      // (vitest reports a throw here as "error during close").
      const stat = statSync(dir, { throwIfNoEntry: false });
      if (stat && stat.mtimeMs >= started) rmSync(dir, { recursive: true, force: true });
    }
  };
}

function isStale(outputs: string[], sources: string[]): boolean {
  const files = outputs.map((f) => path.join(REPO, f));
  if (!files.every((f) => existsSync(f))) return true;
  const oldest = Math.min(...files.map((f) => statSync(f).mtimeMs));
  return sources.some((s) => newestIn(path.join(REPO, s)) > oldest);
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

/**
 * `npm ci` in each folder, three at a time, taking what npm's cache holds without asking the registry again (the
 * lockfiles pin every version): one after another, revalidating, the 13 fixtures of a fresh clone took 62 s before
 * the first test ran; this way 32 s.
 */
async function installAll(dirs: string[]): Promise<void> {
  const queue = [...dirs];
  const install = async (): Promise<void> => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) {
      await promisify(execFile)('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir });
    }
  };
  await Promise.all([install(), install(), install()]);
}
