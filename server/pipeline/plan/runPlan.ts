/** The plan of one analysis: which files run, in what order, and which of them are entries the user named. */
import * as path from 'node:path';
import { findEntryPoints, parseEntry, serverStarts, sourceOf } from './entryPoints';
import type { PipelineOptions } from '../run/contract';

export interface RunPlan {
  /** The entry points among the targets, first: a module an entry's start already ran is not run again. */
  entries: string[];
  /** The other targets (the fallback adds the modules beyond the root that entries loaded). */
  rest: string[];
  /** Every entry point of the workspace (the targets' and the others'). */
  entryPoints: ReadonlySet<string>;
  /** The entries the user named: they run whatever they import. */
  named: ReadonlySet<string>;
  /** The entries that are a server's start, given `--arg` values. */
  starts: ReadonlySet<string>;
}

/** Orders the targets (all candidates when `files` is absent) for one analysis. */
export async function planRun(options: PipelineOptions, files: string[] | undefined, listCandidates: () => Promise<string[]>): Promise<RunPlan> {
  const targets = files ? [...new Set(files.map((f) => path.resolve(f)))] : await listCandidates();
  const entryPoints = new Set(findEntryPoints(options.root, options.entryPoints));
  const named = new Set(
    (options.entryPoints ?? []).map((entry) => {
      const { file } = parseEntry(options.root, entry);
      return sourceOf(options.root, path.relative(options.root, file)) ?? file;
    }),
  );
  return {
    entries: targets.filter((f) => entryPoints.has(f)),
    rest: targets.filter((f) => !entryPoints.has(f)),
    entryPoints,
    named,
    starts: options.argv?.length ? serverStarts(options.root, options.entryPoints) : new Set<string>(),
  };
}
