/**
 * The CLI's start goes through V8's code cache (server/launcher/): a second start reads back what the first compiled.
 * What it prints never depends on the cache, a cache it cannot trust is not read, a broken one is replaced, and
 * with TOOL_SCHEMA_LENS_CODE_CACHE=0 nothing is written.
 */
import * as fs from 'node:fs';
import os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeCacheFolder } from '../../server/launcher/codeCache';
import { runCli } from './runCli';

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-code-cache-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const cacheFiles = () => {
  const folder = fs.readdirSync(tmp).find((name) => name.startsWith('tool-schema-lens-code-cache'));
  return folder ? fs.readdirSync(path.join(tmp, folder)).map((name) => path.join(tmp, folder, name)) : [];
};
const check = (env: Record<string, string> = {}) => runCli(['check', 'load-defines', '--format', 'json', '--no-cache'], { env: { TMPDIR: tmp, ...env } });

describe("the CLI's code cache", { timeout: 300_000 }, () => {
  it('a second start reads what the first wrote; the report is the same byte for byte, and so is a broken cache', async () => {
    const first = await check();
    expect(first.code).toBe(0);
    const [file] = cacheFiles();
    expect(file).toMatch(/\.bin$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    const written = fs.statSync(file).mtimeMs;

    const second = await check();
    expect(second).toEqual(first);
    // Read, not written again: a start whose data V8 accepted leaves the file alone.
    expect(cacheFiles()).toEqual([file]);
    expect(fs.statSync(file).mtimeMs).toBe(written);

    // V8 refuses data it did not write: the start compiles from source and writes a good file in its place.
    fs.writeFileSync(file, Buffer.alloc(4096, 7));
    const third = await check();
    expect(third).toEqual(first);
    expect(fs.statSync(file).size).toBeGreaterThan(4096);
  });

  it('turned off, nothing is written and the report is the same', async () => {
    const on = await check();
    fs.rmSync(
      path.join(
        tmp,
        fs.readdirSync(tmp).find((n) => n.startsWith('tool-schema-lens-code-cache'))!,
      ),
      { recursive: true },
    );
    const off = await check({ TOOL_SCHEMA_LENS_CODE_CACHE: '0' });
    expect(off).toEqual(on);
    expect(cacheFiles()).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')('a folder others may write to, or a link in its place, is not used', () => {
    const uid = process.getuid!();
    const folder = path.join(tmp, `tool-schema-lens-code-cache-${uid}`);
    expect(codeCacheFolder({}, tmp)).toBe(folder);
    fs.chmodSync(folder, 0o777);
    expect(codeCacheFolder({}, tmp)).toBeUndefined();
    fs.rmSync(folder, { recursive: true });
    const elsewhere = fs.mkdtempSync(path.join(tmp, 'elsewhere-'));
    fs.chmodSync(elsewhere, 0o700);
    fs.symlinkSync(elsewhere, folder);
    expect(codeCacheFolder({}, tmp)).toBeUndefined();
    expect(codeCacheFolder({ TOOL_SCHEMA_LENS_CODE_CACHE: '0' }, tmp)).toBeUndefined();
  });
});
