/**
 * Modules outside the checked folder (a sibling package of a monorepo linked in, a folder above it) that an entry
 * loaded while its start registered nothing (it exited for a missing key before building its server): run as the
 * checked folder's own modules are, so the function that builds the server is called there too, with a recording
 * server, and the tools are found in any layout, as they are when the builder sits in the checked folder.
 */
import * as path from 'node:path';
import { isUnder } from './candidates';
import type { EvaluatedFile } from '../evaluate/contract';

const SOURCES = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const IN_PACKAGES = /[\\/]node_modules[\\/]/;

/** The workspace sources outside `root` that entry runs without a tool loaded, not already in `known`. */
export function loadedBeyondRoot(runs: readonly EvaluatedFile[], root: string, known: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const run of runs) {
    if (run.tools.length > 0) continue;
    for (const input of run.inputs) {
      const file = path.resolve(input);
      if (isUnder(root, file) || IN_PACKAGES.test(file) || !SOURCES.test(file) || /\.d\.[cm]?ts$/.test(file) || known.has(file)) continue;
      found.add(file);
    }
  }
  return [...found].sort();
}
