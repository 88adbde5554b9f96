/**
 * Counting on the tokenizer's thread (tokens/tokenizerThread.ts, dist/tokenizer.js): the same counts as on the
 * front's own thread, for any text; and where the thread is gone or cannot load its ranks, counting goes on here
 * with the same result, at once.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { countEach, countTokensHere } from '../../server/pipeline/tokens/tokenizer';
import { countOnThread, startTokenizerThread, stopTokenizerThread } from '../../server/pipeline/tokens/tokenizerThread';
import { REPO } from '../cli/runCli';

const SCRIPT = path.join(REPO, 'dist', 'tokenizer.js');
const TEXTS = [
  '',
  'get_weather',
  '{"type":"object","properties":{"city":{"type":"string","description":"City name, e.g. Zürich"}},"required":["city"]}',
  'emoji 🚀🧪 and CJK 東京 and Cyrillic Привет',
  'x'.repeat(20_000),
  '<|endoftext|> is text here, not a special token',
];

afterEach(() => stopTokenizerThread());

describe("the tokenizer's thread", () => {
  it('counts what this thread counts, in one round for many texts', () => {
    expect(startTokenizerThread(SCRIPT)).toBe(true);
    expect(countOnThread(TEXTS)).toEqual(TEXTS.map(countTokensHere));
    expect(countEach([])).toEqual([]);
    expect(countEach(TEXTS.slice(1, 3))).toEqual(TEXTS.slice(1, 3).map(countTokensHere));
  });

  it("counts a special token's spelling as the text it is, on either thread", () => {
    const text = 'Removes <|endoftext|> markers';
    expect(countTokensHere(text)).toBeGreaterThan(countTokensHere('Removes  markers'));
    expect(startTokenizerThread(SCRIPT)).toBe(true);
    expect(countOnThread([text])).toEqual([countTokensHere(text)]);
  });

  it('gone, or never there, counting goes on here', async () => {
    expect(startTokenizerThread(path.join(REPO, 'dist', 'no-such-tokenizer.js'))).toBe(false);
    expect(countEach(TEXTS)).toEqual(TEXTS.map(countTokensHere));
    expect(startTokenizerThread(SCRIPT)).toBe(true);
    await stopTokenizerThread();
    expect(countOnThread(TEXTS)).toBeUndefined();
    expect(countEach(TEXTS)).toEqual(TEXTS.map(countTokensHere));
  });

  it('that cannot load its ranks says so on the flag, and a waiting count goes on here at once', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tsl-tokenizer-'));
    try {
      // What the thread's entry does when its ranks fail to load.
      const broken = path.join(dir, 'tokenizer.js');
      writeFileSync(
        broken,
        "const { workerData } = require('node:worker_threads'); Atomics.store(workerData.signal, 0, -1); Atomics.notify(workerData.signal, 0);",
      );
      expect(startTokenizerThread(broken)).toBe(true);
      expect(countOnThread(['a'])).toBeUndefined();
      expect(countEach(TEXTS)).toEqual(TEXTS.map(countTokensHere));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
