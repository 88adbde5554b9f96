/**
 * esbuild reads the workspace files a bundle imports by itself: a `./schema` that is a symlink to /dev/zero or a
 * FIFO would take it to gigabytes or block it. Every file it is about to load is checked first (a stat, no read);
 * one that is not a regular file within the size limit fails the bundle with the reason, at the import.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { ts } from 'ts-morph';
import { readWorkspaceFile, unreadable } from '../boundedRead';

export function boundedLoadsPlugin(): Plugin {
  return {
    name: 'tool-schema-lens-bounded-loads',
    setup(build) {
      build.onLoad({ filter: /.*/, namespace: 'file' }, (args) => {
        let why: string | undefined;
        try {
          why = unreadable(statSync(args.path));
        } catch {
          return undefined; // missing: esbuild says so itself
        }
        return why ? { errors: [{ text: `${args.path} is ${why}; it is not read` }] } : undefined;
      });
    },
  };
}

/**
 * esbuild also reads, by itself, the nearest tsconfig.json/jsconfig.json above the entry (and what it `extends`),
 * and the package.json files on the way. Checked here before each build: a tsconfig that is not a regular file
 * within the limit is not read (the build gets `tsconfigRaw` instead, so no `paths`), and a package.json that is
 * not fails the bundle with the reason. `undefined`: everything esbuild will read there is safe.
 */
export function unsafeConfigs(entryDir: string): { tsconfigSkipped?: string; packageJson?: string } | undefined {
  let tsconfigSkipped: string | undefined;
  let tsconfigSeen = false;
  for (let dir = entryDir; ; dir = path.dirname(dir)) {
    if (!tsconfigSeen) {
      for (const name of ['tsconfig.json', 'jsconfig.json']) {
        const file = path.join(dir, name);
        const why = statWhy(file);
        if (why === null) continue;
        tsconfigSeen = true;
        tsconfigSkipped = why ? `${file} is ${why}` : unsafeExtends(file, 0);
        break;
      }
    }
    const pkg = path.join(dir, 'package.json');
    const pkgWhy = statWhy(pkg);
    if (pkgWhy) return { tsconfigSkipped, packageJson: `${pkg} is ${pkgWhy}; it is not read` };
    if (path.dirname(dir) === dir) break;
  }
  return tsconfigSkipped ? { tsconfigSkipped } : undefined;
}

/** null: no such file; '': a file that may be read; else why it may not. */
function statWhy(file: string): string | null {
  try {
    return unreadable(statSync(file)) ?? '';
  } catch {
    return null;
  }
}

/** Per tsconfig (by path, mtime and size): the verdict on its `extends` chain, so each bundle costs a stat, not a parse. */
const verdicts = new Map<string, string | undefined>();

/** Why a tsconfig's `extends` chain holds a file that may not be read (relative and absolute paths are followed). */
function unsafeExtends(file: string, depth: number): string | undefined {
  if (depth > 8) return undefined;
  let stamp: string;
  try {
    const stat = statSync(file);
    stamp = `${file}:${stat.mtimeMs}:${stat.size}`;
  } catch {
    return undefined;
  }
  if (depth === 0 && verdicts.has(stamp)) return verdicts.get(stamp);
  const verdict = readExtends(file, depth);
  // A base replaced later (by a FIFO, say) is seen once the tsconfig that extends it changes.
  if (depth === 0) verdicts.set(stamp, verdict);
  return verdict;
}

function readExtends(file: string, depth: number): string | undefined {
  const read = readWorkspaceFile(file);
  if (!('text' in read)) return 'skipped' in read ? `${file} is ${read.skipped}` : undefined;
  const parsed = ts.parseConfigFileTextToJson(file, read.text).config as { extends?: unknown } | undefined;
  const bases = [parsed?.extends].flat().filter((e): e is string => typeof e === 'string' && (e.startsWith('.') || path.isAbsolute(e)));
  for (const base of bases) {
    const target = path.resolve(path.dirname(file), base);
    const candidates = target.endsWith('.json') ? [target] : [target, `${target}.json`];
    for (const candidate of candidates) {
      const why = statWhy(candidate);
      if (why === null) continue;
      const deeper = why ? `${candidate} is ${why}` : unsafeExtends(candidate, depth + 1);
      if (deeper) return deeper;
      break;
    }
  }
  return undefined;
}
