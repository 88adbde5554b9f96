/**
 * A stack's frames placed from V8's call sites (worker/recorders/callSite.ts: only the frames looked at are mapped)
 * are where Node's own source-mapped stack puts them: a TypeScript module compiled with an inline source map, its
 * stack read both ways in a plain Node process with source maps on, as the evaluation worker runs (a test runner
 * formats stacks its own way).
 */
import { buildSync, transformSync } from 'esbuild';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir: string;
const SOURCE = `interface Holder { stack?: unknown }

// Lines and columns differ between this text and what esbuild emits: the map is what places the frame.
export function where(): Holder {
  const holder: Holder = {};
  const nested = (): void => { Error.captureStackTrace(holder); };
  nested();
  return holder;
}
`;
const PROBE = `
process.setSourceMapsEnabled(true);
const { framesOf, placedFrames, userFrame } = require('./callSite.cjs');
const { where } = require('../where.cjs');
// Captured from one call site, so that every frame, the probe's too, is the same in each.
const [a, b, c, d] = [0, 1, 2, 3].map(() => where());
const text = String(d.stack);
console.log(JSON.stringify({
  fromSites: [...placedFrames(a)],
  fromText: framesOf(String(b.stack)),
  user: userFrame(placedFrames(c)) ?? null,
  readFirst: [...placedFrames(d)],
  readText: framesOf(text),
}));
`;

beforeAll(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-frames-')));
  const source = path.join(dir, 'where.ts');
  fs.writeFileSync(source, SOURCE);
  fs.writeFileSync(path.join(dir, 'where.cjs'), transformSync(SOURCE, { loader: 'ts', format: 'cjs', sourcemap: 'inline', sourcefile: source }).code);
  buildSync({
    entryPoints: [path.join(__dirname, '../../server/pipeline/evaluate/worker/recorders/callSite.ts')],
    outfile: path.join(dir, 'probe', 'callSite.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    logLevel: 'error',
  });
  // Beside the probe, as the worker's own scripts are: their folder's frames are never the user's.
  fs.writeFileSync(path.join(dir, 'probe', 'probe.cjs'), PROBE);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("a stack's frames from call sites", () => {
  it("are placed in the TypeScript source as Node's source-mapped stack places them", () => {
    const seen = JSON.parse(execFileSync(process.execPath, [path.join(dir, 'probe', 'probe.cjs')], { cwd: dir, encoding: 'utf8' }));
    expect(seen.fromSites.length).toBeGreaterThan(2);
    expect(seen.fromSites).toEqual(seen.fromText);
    const at = { file: path.join(dir, 'where.ts'), line: 5, character: SOURCE.split('\n')[5].indexOf('captureStackTrace') };
    expect(seen.fromSites[0]).toEqual(at);
    expect(seen.user).toEqual(at);
    // A stack someone already read as text is parsed from it.
    expect(seen.readFirst).toEqual(seen.readText);
  });
});
