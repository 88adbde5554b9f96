/**
 * Which modules the entries' runs already ran, so that they are not run again alone: a module run alone loads its
 * imports in an order the program may never use (one in an import cycle with the server fails where the program
 * does not), and costs a run.
 */
import * as path from 'node:path';
import type { EvaluatedFile } from '../evaluate/contract';
import type { FactorySpec } from '../discover/contract';

/** What the entries' runs covered. */
export interface Coverage {
  /** Whether the entries' runs already ran this module and reached each of its factories (and its registrations, if it has any). */
  covers(file: string, factories: readonly FactorySpec[], registers: boolean): boolean;
}

/**
 * Whether a failed entry run still loaded every module but its own: it failed in its own body (an exit for a missing
 * key, a throw), which runs only once all its imports have finished, as an ES module's does.
 */
function failedInOwnBody(run: EvaluatedFile): boolean {
  const failure = run.failure;
  if (!failure) return false;
  return (failure.phase === 'exit' || failure.phase === 'load') && failure.at !== undefined && path.resolve(failure.at.file) === path.resolve(run.file);
}

/**
 * What the finished entry runs covered: those that loaded without failing and found tools, and of one that failed in
 * its own body, every other module it loaded (run alone, a module in an import cycle loads in an order the program
 * never uses, and fails where the program does not).
 */
export async function coverageOf(runs: Array<Promise<EvaluatedFile>>): Promise<Coverage> {
  const settled = await Promise.all(runs.map((r) => r.catch(() => undefined)));
  const inputs = new Set<string>();
  const reached = new Map<string, number[]>();
  for (const run of settled) {
    if (!run || run.tools.length === 0 || (run.failure && !failedInOwnBody(run))) continue;
    for (const input of run.inputs) if (!run.failure || path.resolve(input) !== path.resolve(run.file)) inputs.add(path.resolve(input));
    for (const [file, lines] of Object.entries(run.reached ?? {})) reached.set(path.resolve(file), [...(reached.get(path.resolve(file)) ?? []), ...lines]);
  }
  const reachedIn = (file: string, [from, to]: [number, number]) => (reached.get(file) ?? []).some((l) => l >= from && l <= to);
  return {
    covers: (file, factories, registers) =>
      inputs.has(file) && factories.every((f) => reachedIn(file, f.lines)) && (!registers || (reached.get(file)?.length ?? 0) > 0),
  };
}
