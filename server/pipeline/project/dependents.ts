/**
 * Which analysed files read which workspace sources, from the bundles' inputs: when a schema module
 * changes, the files whose bundles read it are the ones to analyse again.
 */
import * as path from 'node:path';

export class DependentsIndex {
  /** input file → analysed files whose bundle read it */
  private readonly readers = new Map<string, Set<string>>();
  /** analysed file → its inputs, to forget them when the file is analysed again */
  private readonly inputsOf = new Map<string, string[]>();

  /** Record (replacing any earlier record) the inputs one analysed file's bundle read. */
  record(file: string, inputs: readonly string[]): void {
    this.forget(file);
    const normalized = [...new Set(inputs.map(normalize))];
    this.inputsOf.set(normalize(file), normalized);
    for (const input of normalized) {
      let set = this.readers.get(input);
      if (!set) this.readers.set(input, (set = new Set()));
      set.add(normalize(file));
    }
  }

  forget(file: string): void {
    const key = normalize(file);
    for (const input of this.inputsOf.get(key) ?? []) this.readers.get(input)?.delete(key);
    this.inputsOf.delete(key);
  }

  /** How many workspace files the last bundle of `file` read (0 when it was not analysed). */
  reach(file: string): number {
    return this.inputsOf.get(normalize(file))?.length ?? 0;
  }

  /** Analysed files whose bundle read `file`, directly or through other modules (bundles list all transitive inputs), itself excluded. */
  dependents(file: string): string[] {
    const key = normalize(file);
    return [...(this.readers.get(key) ?? [])].filter((f) => f !== key).sort();
  }
}

function normalize(file: string): string {
  return path.resolve(file);
}
