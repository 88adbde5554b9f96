/**
 * Where an import that Node's own resolution did not find lives when the workspace is TypeScript run by `tsx`:
 * `./tool.js` written for a `./tool.ts`, an extensionless `./tool`, a folder's `index.ts`, a tsconfig `paths`
 * alias (`@/tools/x`) or a `baseUrl`-relative import, and a file that exists only as unsaved editor text.
 */
import path from 'node:path';
import { statSync } from 'node:fs';
import { isReadableFile, unreadable } from '../../../project/boundedRead';
import type { TsconfigFacts } from '../../tsconfig';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'];
const JS_TO_TS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

/** The files `base` (an absolute path as written, maybe without extension) may mean, in the order tsx tries them. */
export function fileCandidates(base: string): string[] {
  const extension = path.extname(base).toLowerCase();
  const stem = base.slice(0, base.length - extension.length);
  return [
    ...(JS_TO_TS[extension] ?? []).map((e) => stem + e),
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => path.join(base, `index${e}`)),
  ];
}

/** The absolute bases a bare specifier may mean through tsconfig `paths` or `baseUrl`. */
export function aliasBases(specifier: string, tsconfig: TsconfigFacts): string[] {
  const base = tsconfig.pathsBase;
  if (!base) return [];
  const bases: string[] = [];
  // The longest matching prefix first, as TypeScript picks among patterns.
  const patterns = Object.entries(tsconfig.paths ?? {}).sort(([a], [b]) => b.length - a.length);
  for (const [pattern, targets] of patterns) {
    const star = pattern.indexOf('*');
    let rest: string | undefined;
    if (star < 0) rest = pattern === specifier ? '' : undefined;
    else if (specifier.startsWith(pattern.slice(0, star)) && specifier.endsWith(pattern.slice(star + 1)))
      rest = specifier.slice(star, specifier.length - (pattern.length - star - 1));
    if (rest === undefined) continue;
    for (const target of targets) bases.push(path.resolve(base, target.replace('*', rest)));
  }
  if (!tsconfig.paths || bases.length === 0) bases.push(path.resolve(base, specifier));
  return bases;
}

/** The first candidate that is unsaved text or a regular file. */
export function firstExisting(candidates: readonly string[], overlays: ReadonlyMap<string, string> | undefined): string | undefined {
  return candidates.find((c) => overlays?.has(c) || isReadableFile(c));
}

/** Why the first candidate that exists is not read (a FIFO, a device, over the size limit), if one is not. */
export function unreadableCandidate(candidates: readonly string[]): string | undefined {
  for (const candidate of candidates) {
    let why: string | undefined;
    try {
      const stat = statSync(candidate);
      if (stat.isDirectory()) continue;
      why = unreadable(stat);
    } catch {
      continue;
    }
    if (why) return `${candidate} is ${why}; it is not read`;
  }
  return undefined;
}

const BUILT_DIRS = new Set(['dist', 'build', 'lib', 'out', 'esm', 'cjs', 'commonjs']);
/** Folders a build writes one module format into, inside its output folder (tshy's `dist/esm`, `dist/commonjs`). */
const FORMAT_DIRS = new Set(['esm', 'cjs', 'commonjs', 'mjs']);

/**
 * Where the source of a built path is, when the build has not run: a bin's `import '../dist/index.js'` stands for
 * `src/index.ts` (or `index.ts` beside the built folder), as entry points' built paths are mapped. Only outside
 * node_modules, and only by the last built folder in the path (with the output folder a format folder sits in:
 * `dist/esm/`).
 */
export function builtSourceBases(base: string): string[] {
  const parts = base.split(path.sep);
  if (parts.includes('node_modules')) return [];
  for (let i = parts.length - 2; i >= 0; i--) {
    if (!BUILT_DIRS.has(parts[i])) continue;
    // A module format's folder inside the output is one tree with it: `dist/esm/tools/x.js` was built from `src/tools/x.ts`.
    const start = FORMAT_DIRS.has(parts[i]) && i > 0 && BUILT_DIRS.has(parts[i - 1]) && !FORMAT_DIRS.has(parts[i - 1]) ? i - 1 : i;
    const rest = parts.slice(i + 1);
    return [[...parts.slice(0, start), 'src', ...rest].join(path.sep), [...parts.slice(0, start), ...rest].join(path.sep)];
  }
  return [];
}
