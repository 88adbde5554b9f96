/**
 * Where a workspace's programs start: package.json `bin`, `main`, `module`, `exports`, the files its
 * `start`/`dev`/`serve` scripts run, and the entries the user names (`toolSchemaLens.entryPoints`,
 * `check --entry`), and where frameworks start code (Next.js routes, Vercel and Netlify functions, a Mastra
 * instance). A built path (`dist/main.js`) is mapped back to its source through tsconfig's
 * `outDir`/`rootDir`, else the usual `dist|build|lib|out` → `src`. Every entry whose imports can reach a tool
 * library (entryReach.ts) is evaluated as the program would start, whether or not its own text mentions one.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readWorkspaceFile } from '../project/boundedRead';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx'];
const BUILT_DIRS = ['dist', 'build', 'lib', 'out', 'esm', 'cjs'];
/** Scripts that start the program (not the build, lint or test ones). */
const START_SCRIPTS = ['start', 'dev', 'serve', 'start:stdio', 'start:http', 'dev:stdio', 'dev:http'];
/** Runners a start script uses before the file it runs. */
const RUNNER =
  /(?:^|&&|;|\|\|)\s*(?:npx\s+)?(?:node|tsx|ts-node|ts-node-esm|bun|deno\s+run|nodemon|tsx\s+watch|node\s+--watch)\b((?:\s+-{1,2}[\w-]+(?:[= ][^\s-][^\s]*)?)*)\s+([^\s&|;]+\.(?:[cm]?[jt]sx?))/g;

function readText(file: string): string | undefined {
  const read = readWorkspaceFile(file);
  return 'text' in read ? read.text : undefined;
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    // tsconfig.json and wrangler.jsonc allow comments and trailing commas.
    const text = (readText(file) ?? '').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '').replace(/,(\s*[}\]])/g, '$1');
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The source file a (possibly built) path of the package stands for, if there is one. */
export function sourceOf(root: string, relative: string): string | undefined {
  const abs = path.resolve(root, relative);
  const stem = abs.replace(/\.(?:[cm]?js|jsx|d\.ts)$/, '');
  const tryStem = (s: string) => {
    for (const ext of SOURCE_EXTENSIONS) if (isFile(s + ext)) return s + ext;
    for (const ext of SOURCE_EXTENSIONS) if (isFile(path.join(s, `index${ext}`))) return path.join(s, `index${ext}`);
    return undefined;
  };
  const rel = path.relative(root, stem).split(path.sep);
  const options = (readJson(path.join(root, 'tsconfig.json'))?.compilerOptions ?? {}) as { outDir?: string; rootDir?: string };
  const outDir = options.outDir ? path.relative(root, path.resolve(root, options.outDir)).split(path.sep) : undefined;
  // A built file: map its folder back to the sources before trying the path as it is.
  const mapped: string[] = [];
  if (outDir && outDir[0] !== '..' && rel.slice(0, outDir.length).join('/') === outDir.join('/')) {
    const rootDir = options.rootDir ? path.resolve(root, options.rootDir) : path.join(root, 'src');
    mapped.push(path.join(rootDir, ...rel.slice(outDir.length)));
  }
  if (BUILT_DIRS.includes(rel[0])) {
    mapped.push(path.join(root, 'src', ...rel.slice(1)), path.join(root, ...rel.slice(1)));
  }
  for (const candidate of mapped) {
    const found = tryStem(candidate);
    if (found) return found;
  }
  if (BUILT_DIRS.includes(rel[0]) || rel[0] === 'node_modules') return undefined;
  if (isFile(abs) && SOURCE_EXTENSIONS.includes(path.extname(abs))) return abs;
  return tryStem(stem);
}

/** The files a package.json's start scripts run. */
function scriptTargets(scripts: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const name of START_SCRIPTS) {
    const script = scripts[name];
    if (typeof script !== 'string') continue;
    for (const match of script.matchAll(RUNNER)) out.push(match[2]);
  }
  return out;
}

/** A configured entry: a path relative to the root, with an optional `#export` naming a factory in it. */
export interface NamedEntry {
  file: string;
  factory?: string;
}

export function parseEntry(root: string, entry: string): NamedEntry {
  const hash = entry.lastIndexOf('#');
  const file = path.resolve(root, hash > 0 ? entry.slice(0, hash) : entry);
  return hash > 0 ? { file, factory: entry.slice(hash + 1) } : { file };
}

/** Absolute paths of the workspace's entry points that exist as source, the configured ones first. */
export function findEntryPoints(root: string, configured: readonly string[] = []): string[] {
  const found = new Set<string>();
  for (const entry of configured) {
    const { file } = parseEntry(root, entry);
    const source = sourceOf(root, path.relative(root, file)) ?? (isFile(file) ? file : undefined);
    if (source) found.add(source);
  }
  const pkg = readJson(path.join(root, 'package.json'));
  if (pkg) {
    const declared = [...stringsIn(pkg.bin), ...stringsIn(pkg.main), ...stringsIn(pkg.module), ...stringsIn(pkg.exports)];
    const scripts = pkg.scripts && typeof pkg.scripts === 'object' ? scriptTargets(pkg.scripts as Record<string, unknown>) : [];
    for (const rel of [...declared, ...scripts]) {
      if (rel.endsWith('.json') || rel.endsWith('.d.ts') || rel.includes('*')) continue;
      const source = sourceOf(root, rel);
      if (source) found.add(source);
    }
  }
  // A Cloudflare Worker starts at wrangler's `main` (its exported McpAgent / Durable Object classes are factories).
  for (const rel of wranglerMains(root)) {
    const source = sourceOf(root, rel);
    if (source) found.add(source);
  }
  for (const file of frameworkEntries(root, pkg)) found.add(file);
  return [...found];
}

/** At most this many files per framework convention: a route tree is small; a huge one is not walked whole. */
const MAX_CONVENTION_FILES = 200;

/** Source files under `dir` (relative to root) whose base name matches, breadth first, node_modules never entered. */
function conventionFiles(root: string, dir: string, name: RegExp): string[] {
  const out: string[] = [];
  const queue = [path.join(root, dir)];
  while (queue.length > 0 && out.length < MAX_CONVENTION_FILES) {
    const current = queue.shift()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) queue.push(full);
      else if (entry.isFile() && SOURCE_EXTENSIONS.includes(path.extname(entry.name)) && !entry.name.endsWith('.d.ts') && name.test(entry.name)) out.push(full);
    }
  }
  return out.slice(0, MAX_CONVENTION_FILES);
}

/**
 * Where frameworks start a server's code without a script naming it: Next.js route handlers (`app/**\/route.ts`,
 * `pages/api/**`), Vercel functions (`api/**`), Netlify functions (`netlify/functions/**`), a Mastra instance
 * (`src/mastra/index.ts`). Each only where the package uses that framework. An entry that reaches no tool library
 * is not run (entryReach.ts), so a route tree of ordinary handlers costs a static walk, nothing more.
 */
function frameworkEntries(root: string, pkg: Record<string, unknown> | undefined): string[] {
  const deps = new Set(
    ['dependencies', 'devDependencies', 'peerDependencies'].flatMap((field) => Object.keys((pkg?.[field] as Record<string, unknown> | undefined) ?? {})),
  );
  const exists = (rel: string) => fs.existsSync(path.join(root, rel));
  const out: string[] = [];
  if (deps.has('next')) {
    for (const dir of ['app', 'src/app']) out.push(...conventionFiles(root, dir, /^route\.[cm]?[jt]sx?$/));
    for (const dir of ['pages/api', 'src/pages/api']) out.push(...conventionFiles(root, dir, /./));
  }
  if (deps.has('@vercel/node') || exists('vercel.json')) out.push(...conventionFiles(root, 'api', /./));
  if (exists('netlify.toml') || exists('netlify/functions')) out.push(...conventionFiles(root, 'netlify/functions', /./));
  if (deps.has('@mastra/core')) {
    for (const rel of ['src/mastra/index', 'mastra/index']) {
      const found = SOURCE_EXTENSIONS.map((ext) => path.join(root, rel + ext)).find(isFile);
      if (found) out.push(found);
    }
  }
  return out;
}

/** The `main` of wrangler.jsonc, wrangler.json or wrangler.toml. */
function wranglerMains(root: string): string[] {
  const mains: string[] = [];
  for (const name of ['wrangler.jsonc', 'wrangler.json']) {
    const main = readJson(path.join(root, name))?.main;
    if (typeof main === 'string') mains.push(main);
  }
  const toml = readText(path.join(root, 'wrangler.toml'));
  const match = toml && /^\s*main\s*=\s*["']([^"']+)["']/m.exec(toml);
  if (match) mains.push(match[1]);
  return mains;
}

/**
 * The entries that get the server's own arguments (`--arg`, `toolSchemaLens.evaluation.argv`): those the user named,
 * else what the start scripts run, else `main`. Never every bin: a CLI run with a server's arguments may act on
 * them (`rm(argv[2])`).
 */
export function serverStarts(root: string, configured: readonly string[] = []): Set<string> {
  const resolve = (rels: string[]) => rels.map((rel) => sourceOf(root, rel)).filter((f): f is string => f !== undefined);
  if (configured.length > 0) return new Set(configured.map((entry) => parseEntry(root, entry).file).map((f) => sourceOf(root, path.relative(root, f)) ?? f));
  const pkg = readJson(path.join(root, 'package.json'));
  if (!pkg) return new Set();
  const scripts = pkg.scripts && typeof pkg.scripts === 'object' ? resolve(scriptTargets(pkg.scripts as Record<string, unknown>)) : [];
  return new Set(scripts.length > 0 ? scripts : resolve(stringsIn(pkg.main)));
}
