/**
 * Token counts kept across runs of `check`, in the result cache's folder, by a digest of the text counted. Loading
 * the tokenizer's ranks costs a few hundred milliseconds of CPU, most of a check whose evaluations all come from the
 * cache: a run whose texts were all counted before never loads them. A kept count is what counting again gives (the
 * file names the encoding and the tokenizer's version); the folder can be deleted at any time, and `--no-cache`
 * neither reads nor writes it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { version as TOKENIZER_VERSION } from 'gpt-tokenizer/package.json';

const FORMAT = 1;
/** About 40 bytes each: a file of a megabyte at most, the counts least recently used dropped first. */
const KEPT_COUNTS = 25_000;

export interface KeptCounts {
  /** The count kept for `text`, if any. */
  get(text: string): number | undefined;
  set(text: string, count: number): void;
  /** Writes the counts if this run added any (never throws: a cache that cannot be written is only slower). */
  save(): void;
}

/** The kept counts in `dir` (empty when there are none yet, or they cannot be read). */
export function openKeptCounts(dir: string, encoding: string): KeptCounts {
  const file = path.join(dir, `token-counts-${encoding}-${TOKENIZER_VERSION}.json`);
  const counts = read(file);
  let added = false;
  const keyOf = (text: string) => createHash('sha1').update(text).digest('base64url');
  return {
    get(text) {
      const key = keyOf(text);
      const count = counts.get(key);
      // Used again: moved to the end, the last to be dropped.
      if (count !== undefined) {
        counts.delete(key);
        counts.set(key, count);
      }
      return count;
    },
    set(text, count) {
      counts.set(keyOf(text), count);
      added = true;
    },
    save() {
      if (!added) return;
      added = false;
      const kept = [...counts].slice(-KEPT_COUNTS);
      try {
        fs.mkdirSync(dir, { recursive: true });
        const temporary = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(temporary, JSON.stringify({ format: FORMAT, counts: Object.fromEntries(kept) }));
        fs.renameSync(temporary, file);
      } catch {
        // Read-only or full: counted again next time.
      }
    },
  };
}

function read(file: string): Map<string, number> {
  try {
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { format?: unknown; counts?: Record<string, unknown> };
    if (data.format !== FORMAT || typeof data.counts !== 'object' || data.counts === null) return new Map();
    return new Map(Object.entries(data.counts).filter((e): e is [string, number] => Number.isInteger(e[1]) && (e[1] as number) >= 0));
  } catch {
    return new Map();
  }
}
