/**
 * A package of the workspace itself imported by name before it is built: a file importing its own package
 * (`@acme/server/tools`, a self-reference Node resolves through the package's `exports`) or a sibling package a
 * workspace links into node_modules. Node fails on the built path its `exports` (or `main`) names; the source
 * beside it is what a dev runner (tsx) would run after a build step, so that is what is loaded: the target's built
 * folders mapped back to `src/` (builtSourceBases) and the TypeScript extensions tried (fileCandidates).
 */
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { builtSourceBases, fileCandidates, firstExisting } from './candidates';

const CONDITIONS = ['import', 'node', 'module', 'default', 'require'];
const insidePackages = (file: string) => file.split(path.sep).includes('node_modules');

interface PackageJson {
  name?: unknown;
  exports?: unknown;
  module?: unknown;
  main?: unknown;
}

function readPackage(dir: string): PackageJson | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The folder of the workspace package `name` as seen from `from`: its own package, or a link out of node_modules. */
function workspacePackageDir(name: string, from: string): string | undefined {
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    if (!insidePackages(dir) && readPackage(dir)?.name === name) return dir;
    const linked = path.join(dir, 'node_modules', ...name.split('/'));
    try {
      const real = realpathSync(linked);
      // Only a package that lives in the workspace (a link): an installed one is built as published.
      if (!insidePackages(real)) return real;
    } catch {
      // not here
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The target of `exports` for a subpath, by the conditions an ESM import under Node matches (types skipped). */
function exportTarget(exports: unknown, subpath: string): string | undefined {
  const pick = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.map(pick).find((v) => v !== undefined);
    if (typeof value !== 'object' || value === null) return undefined;
    const record = value as Record<string, unknown>;
    for (const condition of CONDITIONS) if (condition in record) return pick(record[condition]);
    return undefined;
  };
  if (typeof exports === 'string' || Array.isArray(exports)) return subpath === '.' ? pick(exports) : undefined;
  if (typeof exports !== 'object' || exports === null) return undefined;
  const record = exports as Record<string, unknown>;
  if (!Object.keys(record).some((k) => k.startsWith('.'))) return subpath === '.' ? pick(record) : undefined;
  if (subpath in record) return pick(record[subpath]);
  // A pattern export: `./*` → `./dist/*.js`.
  for (const [key, value] of Object.entries(record)) {
    const star = key.indexOf('*');
    if (star < 0 || !subpath.startsWith(key.slice(0, star)) || !subpath.endsWith(key.slice(star + 1))) continue;
    const target = pick(value);
    return target?.replace('*', subpath.slice(star, subpath.length - (key.length - star - 1)));
  }
  return undefined;
}

/** The source file a bare import of an unbuilt workspace package stands for, or undefined when it is not one. */
export function unbuiltPackageSource(name: string, subpath: string, from: string, overlays?: ReadonlyMap<string, string>): string | undefined {
  const dir = workspacePackageDir(name, from);
  const pkg = dir ? readPackage(dir) : undefined;
  if (!dir || !pkg) return undefined;
  const target =
    pkg.exports !== undefined
      ? exportTarget(pkg.exports, subpath)
      : subpath === '.'
        ? ([pkg.module, pkg.main].find((v): v is string => typeof v === 'string') ?? 'index.js')
        : subpath;
  if (!target) return undefined;
  const built = path.resolve(dir, target);
  const stem = built.replace(/\.[cm]?[jt]sx?$/, '');
  for (const base of [built, ...builtSourceBases(stem), ...builtSourceBases(built)]) {
    const found = firstExisting(fileCandidates(base), overlays);
    if (found) return found;
  }
  return undefined;
}
