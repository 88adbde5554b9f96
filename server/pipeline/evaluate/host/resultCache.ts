/**
 * Evaluations kept across runs of `check` and starts of the language server, by what they were asked and what they
 * read. Running a workspace file is most of a cold check's cost, and most files do not change between two runs; a
 * kept result is used only when the request is the same (file, factories, environment, engine options, limits, this
 * build of the worker, this Node) and every file it depended on still has the same content: the modules it loaded,
 * the files its code read or listed, the environment variables it read (by a digest of each value), the package and
 * compiler configs above it, and the install's lockfiles and markers. A result that failed, hit an error of our own, read something it
 * cannot name or reached a service on loopback is never kept (a refused connection is refused again, the same way).
 * What a result may depend on beyond all that (the clock, a package edited by hand) is why `check --no-cache`
 * exists. The folder (`node_modules/.cache/tool-schema-lens`) can be deleted at any time.
 *
 * The editor's open buffers (overlays) are not part of the question when their text is what the disk holds, as it is
 * when an editor starts. While one differs, the cache is neither read nor written: a run over unsaved text is
 * answered by running it, and typing does not fill the folder with states no later run asks about.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { EvaluatedFile } from '../contract';

/** Bumped when what an entry holds, or what a result means, changes. */
const FORMAT = 1;
const KEPT_ENTRIES = 4000;
/** Written by the package managers on every install: a cache without one cannot tell an install changed. */
const INSTALL_MARKERS = ['.package-lock.json', '.modules.yaml', '.yarn-state.yml', '.yarn-integrity'];
const LOCKFILES = ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock', 'bun.lockb'];
/** Files beside or above a module that change how it resolves or transforms. */
const CONFIG = /^(package\.json|(ts|js)config(\..+)?\.json|(vite|tsup)\.config\.[cm]?[jt]s)$/;
const ABSENT = 'absent';
const ENV = 'env:';

/** Unsaved text by absolute path: a file's content where it has one. */
export type Overlays = ReadonlyMap<string, string>;

/** What an evaluation depended on besides its request, as the worker reported it. */
export interface Evidence {
  /** Workspace modules it loaded. */
  inputs: readonly string[];
  /** Paths its code read or listed (worker/sandbox/fsReads.ts). */
  reads?: readonly string[];
  /** Files outside node_modules its worker had loaded once, outside any generation. */
  loadedOnce?: readonly string[];
  /** Environment variables it read, by name. */
  envRead?: readonly string[];
}

/**
 * The environment a worker starts with (the user's, then the request's), as evidence: a variable's value, or, for
 * `*` (the module listed them all), all of them. Variables that are new each run by design (the scratch HOME and
 * temp folder, a worker's own token) answer `undefined`: a fresh empty folder is the same folder to the module.
 */
export type Environment = (name: string) => string | undefined;

export interface ResultCache {
  /** The folder entries are kept in. */
  readonly dir: string;
  /** Results this run took from the cache. */
  readonly hits: number;
  /** A key for a request: its JSON-able parts; equal keys mean equal questions. */
  keyOf(request: unknown): string;
  /** The kept result for `key`, if everything it depended on is unchanged (timings zero: nothing ran). */
  lookup(key: string, environment: Environment, overlays?: Overlays): EvaluatedFile | undefined;
  /**
   * Keeps `result` unless a file it depended on changed after `startedAt` (ms since the epoch), cannot be read, or
   * has unsaved text that differs from the disk.
   */
  store(key: string, result: EvaluatedFile, evidence: Evidence, startedAt: number, environment: Environment, overlays?: Overlays): void;
}

interface Entry {
  format: number;
  /** Path → digest of each file the result depended on. */
  evidence: Record<string, string>;
  result: EvaluatedFile;
}

/**
 * The cache for a workspace, in the `node_modules/.cache` of the nearest install above `root` that a package
 * manager marked; undefined without one (a hand-made node_modules cannot say when it changed). Entries written
 * before `keptSince` (ms since the epoch) are not used.
 */
export function openResultCache(root: string, builtFrom: readonly string[], keptSince = 0): ResultCache | undefined {
  const modules = installedModules(path.resolve(root));
  if (!modules) return undefined;
  const dir = path.join(modules, '.cache', 'tool-schema-lens');
  // The same question from another build, another Node or another install is another question.
  const salt = JSON.stringify([FORMAT, process.version, builtFrom.map(statSignature), installSignature(path.resolve(root))]);
  const digests = new Map<string, { digest: string; mtimeMs: number }>();
  const configs = new Map<string, string[]>();
  let hits = 0;
  let pruned = false;

  const digestOf = (file: string) => {
    let known = digests.get(file);
    if (!known) digests.set(file, (known = digest(file)));
    return known;
  };
  const configNamesIn = (dir: string) => {
    let names = configs.get(dir);
    if (!names) configs.set(dir, (names = listing(dir).filter((name) => CONFIG.test(name))));
    return names;
  };
  // A folder is recorded by its configs' names (`<folder>/` → `configs:...`) so that a config added later is seen; a
  // variable as `env:NAME`, by its value's digest (never the value: it may be a secret).
  const current = (file: string, environment: Environment) => {
    if (file.startsWith(ENV)) return envDigest(environment(file.slice(ENV.length)));
    return file.endsWith(path.sep) ? `configs:${configNamesIn(path.dirname(`${file}x`)).join('/')}` : digestOf(file).digest;
  };
  // Any buffer whose text is not its file's bytes (by the same digest), however the run reached it.
  const unsaved = (overlays: Overlays | undefined) => [...(overlays ?? [])].some(([file, text]) => hash(text) !== digestOf(file).digest);
  const configsAbove = (file: string): string[] => {
    const out: string[] = [];
    for (let at = path.dirname(file); ; at = path.dirname(at)) {
      out.push(path.join(at, path.sep), ...configNamesIn(at).map((name) => path.join(at, name)));
      if (path.dirname(at) === at) return out;
    }
  };

  return {
    dir,
    get hits() {
      return hits;
    },
    keyOf(request) {
      return createHash('sha256').update(salt).update(JSON.stringify(request)).digest('hex');
    },
    lookup(key, environment, overlays) {
      if (unsaved(overlays)) return undefined;
      const file = path.join(dir, `${key}.json`);
      // Kept before the workers were restarted: a restart asks for every file to run again.
      if (keptSince > 0 && statMtime(file) < keptSince) return undefined;
      const entry = readEntry(file);
      if (!entry) return undefined;
      for (const [file, expected] of Object.entries(entry.evidence)) if (current(file, environment) !== expected) return undefined;
      hits++;
      return { ...entry.result, timings: { bundle: 0, evaluate: 0, engine: 0, list: 0 } };
    },
    store(key, result, evidence, startedAt, environment, overlays) {
      if (unsaved(overlays)) return;
      const files = new Set([...evidence.inputs, ...(evidence.reads ?? []), ...(evidence.loadedOnce ?? [])]);
      const record: Record<string, string> = {};
      for (const file of files) {
        const known = digestOf(file);
        // Edited while it ran: what it read may be either text.
        if (known.mtimeMs >= startedAt) return;
        record[file] = known.digest;
      }
      for (const config of configsAbove(result.file)) record[config] = current(config, environment);
      for (const name of evidence.envRead ?? []) record[`${ENV}${name}`] = envDigest(environment(name));
      try {
        fs.mkdirSync(dir, { recursive: true });
        if (!pruned) pruned = prune(dir);
        const target = path.join(dir, `${key}.json`);
        const temporary = `${target}.${process.pid}.tmp`;
        fs.writeFileSync(temporary, JSON.stringify({ format: FORMAT, evidence: record, result } satisfies Entry));
        fs.renameSync(temporary, target);
      } catch {
        // A cache that cannot be written is only slower.
      }
    },
  };
}

/** The nearest `node_modules` at or above `dir` that a package manager marked, as a path. */
function installedModules(dir: string): string | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    const modules = path.join(at, 'node_modules');
    if (INSTALL_MARKERS.some((marker) => fs.existsSync(path.join(modules, marker)))) return modules;
    if (path.dirname(at) === at) return undefined;
  }
}

/** Every lockfile and install marker from `dir` up: an install or an upgrade changes one of them. */
function installSignature(dir: string): string[] {
  const out: string[] = [];
  for (let at = dir; ; at = path.dirname(at)) {
    for (const name of LOCKFILES) out.push(statSignature(path.join(at, name)));
    for (const name of INSTALL_MARKERS) out.push(statSignature(path.join(at, 'node_modules', name)));
    if (path.dirname(at) === at) return out.filter((s) => !s.endsWith(ABSENT));
  }
}

function statSignature(file: string): string {
  try {
    const stat = fs.statSync(file);
    return `${file} ${stat.size} ${stat.mtimeMs}`;
  } catch {
    return `${file} ${ABSENT}`;
  }
}

/** A file's content digest, a folder's listing digest, or `absent`; with its modification time. */
function digest(file: string): { digest: string; mtimeMs: number } {
  try {
    const stat = fs.statSync(file);
    if (stat.isDirectory()) return { digest: `dir:${hash(listing(file).join('/'))}`, mtimeMs: stat.mtimeMs };
    if (!stat.isFile()) return { digest: `other:${stat.mode}`, mtimeMs: stat.mtimeMs };
    return { digest: hash(fs.readFileSync(file)), mtimeMs: stat.mtimeMs };
  } catch {
    return { digest: ABSENT, mtimeMs: 0 };
  }
}

function listing(dir: string): string[] {
  try {
    return fs.readdirSync(dir).sort();
  } catch {
    return [];
  }
}

function envDigest(value: string | undefined): string {
  return value === undefined ? 'unset' : hash(`=${value}`);
}

function hash(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function readEntry(file: string): Entry | undefined {
  try {
    const entry = JSON.parse(fs.readFileSync(file, 'utf8')) as Entry;
    return entry.format === FORMAT ? entry : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the folder bounded: past the limit, the least recently written half goes. Returns true. */
function prune(dir: string): boolean {
  const names = listing(dir).filter((name) => name.endsWith('.json'));
  if (names.length <= KEPT_ENTRIES) return true;
  const aged = names.map((name) => ({ name, mtimeMs: statMtime(path.join(dir, name)) })).sort((a, b) => a.mtimeMs - b.mtimeMs);
  for (const { name } of aged.slice(0, names.length - KEPT_ENTRIES / 2)) fs.rmSync(path.join(dir, name), { force: true });
  return true;
}

function statMtime(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}
