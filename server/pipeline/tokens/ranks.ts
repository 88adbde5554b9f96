/**
 * The tokenizer's ranks, as the language server's and the CLI's bundle loads them: a bundle of their own
 * (`dist/tokenizer.js`), required on the first count. Four of the server bundle's nineteen megabytes were these
 * ranks, read and decoded by every start (`--version`, `lsp`, a check answered from the cache) that never counts.
 *
 * The ranks themselves are data beside it (`dist/tokenizerRanks.json`, written by the build from gpt-tokenizer's own
 * list): as the package ships them they are a 2.4 MB array literal, which V8 compiles and keeps as code. Parsed as
 * JSON, loading and a first count took 181 ms and 44 MB of resident memory against 232 ms and 67 MB.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { GptEncoding } from 'gpt-tokenizer/GptEncoding';

/** The file the build writes beside this bundle (esbuild.mjs). */
export const RANKS_FILE = 'tokenizerRanks.json';

function readRanks(): (string | number[])[] {
  const file = path.join(__dirname, RANKS_FILE);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as (string | number[])[];
  } catch (error) {
    // Missing or unreadable: the install is broken, as when the bundle itself is missing (tokenizer.ts says so).
    throw Object.assign(new Error(`The tokenizer's ranks could not be read at ${file}`, { cause: error }), { code: 'MODULE_NOT_FOUND' });
  }
}

const ranks = readRanks();
const encoding = GptEncoding.getEncodingApi('o200k_base', () => ranks);

/** As the package's `gpt-tokenizer/encoding/o200k_base` exports it. */
export function countTokens(...args: Parameters<GptEncoding['countTokens']>): number {
  return encoding.countTokens(...args);
}
