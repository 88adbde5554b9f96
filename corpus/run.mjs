#!/usr/bin/env node
// `npm run corpus`: `check` with default flags on public servers this project does not ship, against what a real
// client lists. Not part of `npm test` (it needs the mirrors and the registry, and takes long).
//
//   npm run corpus [-- --only <substring>] [--cli <dist/cli.js of another build>] [--compare <results.json>]
//                  [--label <name>] [--timeout <s>] [--quiet]
//
// Each `corpus/servers/*.json` names a repository (and a folder in it), a pinned commit, its kinds and how many tools
// a real client lists (`expectedFrom`: `client` when counted with `corpus/list-tools.mjs`, `hand` when read off the
// code), with a digest per tool where a client listed them. The repository comes from its local mirror
// (`$CORPUS_MIRRORS`, default /work/.mirror/<owner>+<name>/repo, a bare git directory): extracted at the commit into
// `.cache/corpus/`, installed with the package manager its lockfile names and `--ignore-scripts`, then checked.
// Prints found / expected / byte-equal per entry and in total, and writes the results to .cache/corpus/ for a later
// `--compare`. Nothing here names a repository: the list is data.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(here);
const cacheDir = path.join(root, '.cache', 'corpus');
const mirrors = process.env.CORPUS_MIRRORS ?? '/work/.mirror';

const args = process.argv.slice(2);
const flag = (name) => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
};
const only = flag('--only');
const cli = path.resolve(flag('--cli') ?? path.join(root, 'dist', 'cli.js'));
const compare = flag('--compare');
const label = flag('--label') ?? 'now';
const timeoutS = Number(flag('--timeout') ?? 300);
const quiet = args.includes('--quiet');

/** Every entry of corpus/servers, a file holding one entry or a list. */
function entries() {
  const list = [];
  for (const name of readdirSync(path.join(here, 'servers')).sort()) {
    if (!name.endsWith('.json')) continue;
    const data = JSON.parse(readFileSync(path.join(here, 'servers', name), 'utf8'));
    for (const entry of Array.isArray(data) ? data : [data]) list.push({ path: '.', ...entry, file: name });
  }
  return list.filter((e) => !only || `${e.repo}/${e.path}`.includes(only));
}

const idOf = (e) => `${e.repo.replace('/', '+')}@${e.commit.slice(0, 12)}`;

/** The repository at its commit, extracted once. */
function extract(e) {
  const dir = path.join(cacheDir, 'repos', idOf(e));
  if (existsSync(path.join(cacheDir, 'repos', `${idOf(e)}.extracted`))) return dir;
  const gitDir = path.join(mirrors, e.repo.replace('/', '+'), 'repo');
  if (!existsSync(gitDir)) throw new Error(`not mirrored: ${gitDir} (fetch github:${e.repo})`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = spawnSync('sh', ['-c', `set -o pipefail; git --git-dir="${gitDir}" archive --format=tar ${e.commit} | tar -x -C "${dir}"`], {
    encoding: 'utf8',
    shell: '/bin/bash',
  });
  // A mirror lacks files of 4 MiB and more (videos, fixtures): git archive stops at the first; take every blob it has.
  if (archive.status !== 0) extractBlobs(gitDir, e.commit, dir);
  writeFileSync(path.join(cacheDir, 'repos', `${idOf(e)}.extracted`), '');
  return dir;
}

/** Each file of the commit's tree that the mirror holds, written one by one; the missing ones are skipped. */
function extractBlobs(gitDir, commit, dir) {
  const tree = spawnSync('git', [`--git-dir=${gitDir}`, 'ls-tree', '-r', '-z', commit], { encoding: 'utf8', maxBuffer: 256 << 20 });
  if (tree.status !== 0) throw new Error(`git ls-tree failed: ${tree.stderr.trim()}`);
  let missing = 0;
  for (const entry of tree.stdout.split('\0').filter(Boolean)) {
    const [meta, file] = entry.split('\t');
    const [mode, type, sha] = meta.split(' ');
    if (type !== 'blob') continue;
    const blob = spawnSync('git', [`--git-dir=${gitDir}`, 'cat-file', 'blob', sha], { maxBuffer: 256 << 20 });
    if (blob.status !== 0) {
      missing++;
      continue;
    }
    const target = path.join(dir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    if (mode === '120000') {
      try {
        symlinkSync(blob.stdout.toString(), target);
      } catch {
        // a link that cannot be made: left out
      }
    } else writeFileSync(target, blob.stdout, { mode: mode === '100755' ? 0o755 : 0o644 });
  }
  if (missing) console.error(`${commit.slice(0, 12)}: ${missing} file(s) the mirror lacks were left out`);
}

/** The install its lockfile names, with no install script run; once per extracted repository. */
function install(e, dir) {
  const stamp = path.join(cacheDir, 'repos', `${idOf(e)}.installed`);
  if (existsSync(stamp)) return { ok: true };
  const has = (f) => existsSync(path.join(dir, f));
  const manifest = has('package.json') ? JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) : {};
  const pm = String(manifest.packageManager ?? '');
  let command;
  if (e.install) command = e.install;
  else if (has('pnpm-lock.yaml') || pm.startsWith('pnpm'))
    command = ['npx', '-y', `pnpm@${/^pnpm@(\d+)/.exec(pm)?.[1] ?? '9'}`, 'install', '--ignore-scripts', '--no-frozen-lockfile'];
  else if (has('yarn.lock') && !has('.yarnrc.yml')) command = ['npx', '-y', 'yarn@1', 'install', '--ignore-scripts', '--ignore-engines', '--non-interactive'];
  else if (has('package-lock.json')) command = ['npm', 'ci', '--ignore-scripts', '--no-audit', '--no-fund'];
  else command = ['npm', 'install', '--ignore-scripts', '--no-audit', '--no-fund'];
  let run = spawnSync(command[0], command.slice(1), { cwd: dir, encoding: 'utf8', timeout: 900_000, maxBuffer: 64 << 20 });
  if (run.status !== 0 && command[1] === 'ci') {
    // A lockfile the registry no longer satisfies: the nearest versions instead.
    command = ['npm', 'install', '--ignore-scripts', '--no-audit', '--no-fund', '--legacy-peer-deps'];
    run = spawnSync(command[0], command.slice(1), { cwd: dir, encoding: 'utf8', timeout: 900_000, maxBuffer: 64 << 20 });
  }
  if (run.status !== 0) return { ok: false, why: `${command.join(' ')}: ${(run.stderr || run.stdout).trim().split('\n').slice(-3).join(' | ')}` };
  writeFileSync(stamp, command.join(' '));
  return { ok: true };
}

const digest = (tool) => createHash('sha256').update(JSON.stringify(tool)).digest('hex').slice(0, 16);

/** `check` on the entry's folder with default flags, as a user in that folder would run it. */
function check(e, dir) {
  const folder = path.join(dir, e.path);
  const started = Date.now();
  const run = spawnSync(process.execPath, [cli, 'check', '--format', 'json', '--no-cache', '.'], {
    cwd: folder,
    encoding: 'utf8',
    timeout: timeoutS * 1000,
    maxBuffer: 256 << 20,
    env: { ...process.env, NO_COLOR: '1' },
  });
  const seconds = (Date.now() - started) / 1000;
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    return { exit: run.status ?? 'killed', seconds, tools: [], error: (run.stderr || 'no JSON').trim().split('\n').slice(-2).join(' | ') };
  }
  const errors = (report.diagnostics ?? []).filter((d) => d.severity === 'error' && /evaluation-failed|no-tools-found/.test(d.code));
  return {
    exit: run.status,
    seconds,
    tools: report.tools ?? [],
    firstError: errors[0] ? `${errors[0].code}: ${errors[0].message.split('\n')[0].slice(0, 160)}` : undefined,
  };
}

function score(e, result) {
  // A toolkit's flavours (MCP, AI SDK, LangChain) share tool names: a name is byte-equal when the flavour the client
  // listed is among them.
  const names = new Map();
  for (const tool of result.tools) names.set(tool.name, [...(names.get(tool.name) ?? []), tool]);
  const expectedNames = e.digests ? Object.keys(e.digests) : undefined;
  const matched = expectedNames ? expectedNames.filter((n) => names.has(n)).length : Math.min(names.size, e.expected);
  const byteEqual = e.digests
    ? expectedNames.filter((n) => (names.get(n) ?? []).some((t) => t.definition && digest(t.definition) === e.digests[n])).length
    : undefined;
  return { found: names.size, matched, byteEqual };
}

const list = entries();
mkdirSync(path.join(cacheDir, 'repos'), { recursive: true });
const before = compare ? JSON.parse(readFileSync(compare, 'utf8')) : undefined;
const results = [];
for (const e of list) {
  const key = `${e.repo}${e.path === '.' ? '' : `/${e.path}`}`;
  let row;
  try {
    const dir = extract(e);
    const installed = install(e, dir);
    if (!installed.ok) row = { key, expected: e.expected, found: 0, matched: 0, error: `install: ${installed.why}` };
    else {
      const result = check(e, dir);
      row = { key, expected: e.expected, ...score(e, result), exit: result.exit, seconds: result.seconds, error: result.error ?? result.firstError };
    }
  } catch (error) {
    row = { key, expected: e.expected, found: 0, matched: 0, error: String(error.message ?? error) };
  }
  row.kinds = e.kinds ?? [];
  row.expectedFrom = e.expectedFrom;
  results.push(row);
  if (!quiet)
    console.error(
      `${key}: ${row.matched}/${row.expected}${row.byteEqual !== undefined ? ` (${row.byteEqual} byte-equal)` : ''}${row.error ? ` · ${row.error}` : ''}`,
    );
}

const outFile = path.join(cacheDir, `results-${label}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(outFile, JSON.stringify(results, null, 2));

const prior = new Map((before ?? []).map((r) => [r.key, r]));
const header = ['server', 'kinds', 'expected', ...(before ? ['before'] : []), 'found', 'byte-equal', 'exit', 'first failing finding'];
const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
let total = { expected: 0, matched: 0, before: 0, byteEqual: 0, digested: 0 };
for (const r of results) {
  const b = prior.get(r.key);
  total.expected += r.expected;
  total.matched += r.matched;
  total.before += b?.matched ?? 0;
  if (r.byteEqual !== undefined) {
    total.byteEqual += r.byteEqual;
    total.digested += r.matched;
  }
  const extra = r.found > r.matched ? ` (+${r.found - r.matched} more)` : '';
  lines.push(
    `| ${r.key} | ${r.kinds.join(', ')} | ${r.expected}${r.expectedFrom === 'hand' ? ' (hand)' : ''} | ${before ? `${b?.matched ?? '–'} | ` : ''}${r.matched}${extra} | ${r.byteEqual ?? '–'} | ${r.exit ?? '–'} | ${(r.error ?? '').replace(/\|/g, '\\|')} |`,
  );
}
lines.push(
  `| **total** (${results.length}) | | ${total.expected} | ${before ? `${total.before} (${pct(total.before, total.expected)}) | ` : ''}${total.matched} (${pct(total.matched, total.expected)}) | ${total.byteEqual} of ${total.digested} | | |`,
);
console.log(lines.join('\n'));
console.error(`results: ${path.relative(root, outFile)}`);

function pct(a, b) {
  return b === 0 ? '–' : `${Math.round((100 * a) / b)}%`;
}
