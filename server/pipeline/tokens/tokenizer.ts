/**
 * The tokenizer: OpenAI's o200k_base BPE (the encoding of GPT-4o, GPT-4.1, GPT-5 and the o-series), from
 * `gpt-tokenizer`. Its ranks are ~4.6 MB of data that take a few hundred milliseconds to load, so they are loaded
 * on the first count, in the front's process only (never in the engine, which the runtime package ships, nor in
 * every evaluation worker). Loading them on a thread of their own was measured and not kept: no wall time saved on a
 * small check, 0.2 s more CPU and 20 to 70 MB more peak memory (the thread's isolate compiles their 4 MB again).
 */

import { openKeptCounts, type KeptCounts } from './keptCounts';

/** What a count means, for every front to say it the same way. */
export const TOKENIZER = {
  encoding: 'o200k_base',
  /** Models whose tokenizer this is: the count is exact for them. */
  exactFor: 'GPT-4o, GPT-4.1, GPT-5 and o-series models',
  /** Other models (Claude, Gemini, Llama) tokenize differently: the count is an estimate for them. */
  estimateFor: 'other models (an estimate: their tokenizers differ)',
} as const;

/** The context window a server's share is quoted against. */
export const CONTEXT_WINDOW = 200_000;

type CountTokens = (text: string, options: { disallowedSpecial: ReadonlySet<string> }) => number;
/**
 * A definition is text: a special token's spelling in it (`<|endoftext|>` in a description) is counted as the
 * characters it is, as a model's API encodes user text, never refused (the tokenizer throws on one by default).
 */
const AS_TEXT = { disallowedSpecial: new Set<string>() };
let counter: CountTokens | undefined;

/** Tokens of `text` under o200k_base. */
export function countTokens(text: string): number {
  return countEach([text])[0];
}

/** Tokens of each text. */
export function countEach(texts: string[]): number[] {
  return texts.map(countTokensHere);
}

let kept: KeptCounts | undefined;

/** Tokens of `text`, counted on this thread (the ranks load here on the first call not answered by kept counts). */
export function countTokensHere(text: string): number {
  const known = kept?.get(text);
  if (known !== undefined) return known;
  counter ??= loadRanks();
  const count = counter(text, AS_TEXT);
  kept?.set(text, count);
  return count;
}

/** The counting function; in the bundle, `dist/tokenizer.js` beside it (esbuild.mjs): a missing one is a broken install. */
function loadRanks(): CountTokens {
  try {
    // A require inside the function keeps the ranks out of start-up.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('gpt-tokenizer/encoding/o200k_base') as { countTokens: CountTokens }).countTokens;
  } catch (error) {
    const missing = (error as { code?: unknown }).code === 'MODULE_NOT_FOUND';
    if (!missing) throw error;
    throw new Error(`The tokenizer was not found beside ${__filename}; reinstall the package`, { cause: error });
  }
}

/**
 * Keep counts across runs in `dir` (a check with its result cache), or stop keeping them (undefined). One folder per
 * process: the first asked for wins, so a check of several folders keeps them all in its first one's.
 */
export function keepCountsIn(dir: string | undefined): void {
  if (dir === undefined) kept = undefined;
  else kept ??= openKeptCounts(dir, TOKENIZER.encoding);
}

/** Write the counts kept this run (see keepCountsIn). */
export function saveKeptCounts(): void {
  kept?.save();
}

/** Load the ranks now (an idle language server does it before the first result needs them). */
export function preloadTokenizer(): void {
  countTokensHere('');
}
