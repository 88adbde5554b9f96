/**
 * Whether a program's start can reach a tool library, read statically before anything runs: a package.json bin or
 * script that is a CLI, an installer or a migration reaches none, and running it to look for tools would only run
 * it (issue 21: `rm -rf build` in a `clean` bin). The entry's imports are followed through the workspace (relative
 * specifiers, as tsx resolves them); it reaches a library when a file it loads mentions zod, a tool library or
 * `@toolSchema` (the same pre-filter that picks files to analyse), or imports a package that is a tool library or
 * depends on one. Whatever cannot be read this way (a computed `import()`/`require()`, an alias that is not a
 * package, more files than the walk allows) counts as reaching: the entry runs, confined, as before.
 */
import { builtinModules } from 'node:module';
import * as path from 'node:path';
import { ts } from 'ts-morph';
import { readWorkspaceFile } from '../project/boundedRead';
import { mayHoldToolSchemas } from '../discover/prefilter';
import { packageOf, TOOL_LIBRARY_PACKAGES } from '../sdks/index';

const MAX_FILES = 2000;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const BUILTINS = new Set(builtinModules);
const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'];
/** An `import(x)` or `require(x)` whose argument is not a literal: where it goes is known only by running it. */
const COMPUTED_IMPORT = /\b(?:import|require)\s*\(\s*(?!['"]|`[^`$]*`|\))/;

export type Reach = { reaches: true } | { reaches: false; files: number };

function candidates(base: string): string[] {
  const stem = base.replace(/\.(?:[cm]?js|jsx)$/, '');
  const out = [base];
  for (const ext of EXTENSIONS) out.push(stem + ext);
  for (const ext of EXTENSIONS) out.push(path.join(base, `index${ext}`));
  return out;
}

/** Does the package `name`, as installed for `fromDir`, depend on a tool library (or is it one)? */
function packageReaches(name: string, fromDir: string, cache: Map<string, boolean>): boolean {
  if (TOOL_LIBRARY_PACKAGES.has(name) || name === 'zod' || name === 'zod-to-json-schema') return true;
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', name, 'package.json');
    const known = cache.get(manifest);
    if (known !== undefined) return known;
    const read = readWorkspaceFile(manifest);
    if ('text' in read) {
      let reaches = true; // unreadable: unknown
      try {
        const value = JSON.parse(read.text) as Record<string, Record<string, string> | undefined>;
        const names = DEPENDENCY_FIELDS.flatMap((field) => Object.keys(value[field] ?? {}));
        reaches = names.some((n) => TOOL_LIBRARY_PACKAGES.has(n) || n === 'zod');
      } catch {
        // Kept as unknown.
      }
      cache.set(manifest, reaches);
      return reaches;
    }
    // Not installed here: the next folder up; not installed at all is an alias or a missing package, unknown.
    if (path.dirname(dir) === dir) return true;
  }
}

/**
 * Follows `entry`'s imports through the workspace; `readText` serves unsaved editor text, `sourceOf` maps a built
 * path (`../dist/index.js` from a bin) to the source it is built from, as the loader does.
 */
export function entryReach(
  entry: string,
  readText: (file: string) => string | undefined,
  sourceOf: (file: string) => string | undefined = () => undefined,
): Reach {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  const packages = new Map<string, boolean>();
  while (queue.length > 0) {
    if (seen.size > MAX_FILES) return { reaches: true };
    const file = queue.shift()!;
    const text = readText(file);
    if (text === undefined) continue;
    if (mayHoldToolSchemas(text) || COMPUTED_IMPORT.test(text)) return { reaches: true };
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
        const target = path.resolve(path.dirname(file), specifier);
        const found = candidates(target).find((c) => readText(c) !== undefined) ?? sourceOf(target);
        if (found && !seen.has(found)) {
          seen.add(found);
          queue.push(found);
        }
        continue;
      }
      const bare = specifier.replace(/^node:/, '');
      if (specifier.startsWith('node:') || BUILTINS.has(bare) || BUILTINS.has(bare.split('/')[0])) continue;
      if (packageReaches(packageOf(specifier), path.dirname(file), packages)) return { reaches: true };
    }
  }
  return { reaches: false, files: seen.size };
}
