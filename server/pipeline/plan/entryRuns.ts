/**
 * The entries' runs of earlier analyses, for coverage (coverage.ts) in the ones that follow. The language server
 * analyses a workspace in batches: an entry that builds the whole server runs in the first, and without its run the
 * later batches ran each of its modules alone again, which costs a run each and, for a module in an import cycle with
 * the server, fails where the program does not. A kept run counts only while every file it read is as it was then.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EvaluatedFile } from '../evaluate/contract';

interface KeptRun {
  run: EvaluatedFile;
  /** When the run started (ms since the epoch): a file on disk modified since makes it stale. */
  startedAt: number;
  /** The unsaved text each input had in the run, where it had one. */
  unsaved: ReadonlyMap<string, string>;
}

export class EntryRuns {
  private readonly kept = new Map<string, KeptRun>();

  /** Keep an entry's finished run, started at `startedAt` with these unsaved texts. */
  keep(run: EvaluatedFile, startedAt: number, unsaved: ReadonlyMap<string, string>): void {
    const inputs = new Map<string, string>();
    for (const input of run.inputs) {
      const text = unsaved.get(path.resolve(input));
      if (text !== undefined) inputs.set(path.resolve(input), text);
    }
    // What coverage reads of a run: its files, the lines it reached, how it failed, and whether it found tools (not
    // which: a whole server's thousand tools are not kept twice).
    const { file, inputs: read, reached, failure, timings } = run;
    const slim: EvaluatedFile = { file, inputs: read, timings, tools: run.tools.slice(0, 1), ...(reached ? { reached } : {}), ...(failure ? { failure } : {}) };
    this.kept.set(path.resolve(run.file), { run: slim, startedAt, unsaved: inputs });
  }

  /** The kept runs of these entries that still hold: every input unchanged on disk and in the editor since. */
  current(entries: Iterable<string>, unsaved: ReadonlyMap<string, string>): EvaluatedFile[] {
    const runs: EvaluatedFile[] = [];
    for (const entry of entries) {
      const kept = this.kept.get(path.resolve(entry));
      if (!kept) continue;
      if (kept.run.inputs.every((input) => unchanged(path.resolve(input), kept, unsaved))) runs.push(kept.run);
      else this.kept.delete(path.resolve(entry));
    }
    return runs;
  }

  clear(): void {
    this.kept.clear();
  }
}

function unchanged(file: string, kept: KeptRun, unsaved: ReadonlyMap<string, string>): boolean {
  const then = kept.unsaved.get(file);
  const now = unsaved.get(file);
  if (then !== undefined || now !== undefined) return then === now;
  try {
    return fs.statSync(file).mtimeMs <= kept.startedAt;
  } catch {
    return false;
  }
}
