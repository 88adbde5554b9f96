/**
 * A hostile module (one that changes the realm's built-ins, leaves timers that throw, reject or exit later, signals
 * its parent, starts detached processes, fills memory with Buffers) is reported on itself and changes nothing of
 * any other file's result. Real worker processes, one at a time, so a reused worker would show it.
 */

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvaluator, type Evaluator } from '../../server/pipeline/evaluate/index';
import type { EvaluatedFile } from '../../server/pipeline/evaluate/contract';
import { runCli } from '../cli/runCli';
import { commandLine, descendants } from '../lsp/client';

const ROOT = path.join(__dirname, '..', 'fixtures', 'eval-hostile');
const src = (name: string) => path.join(ROOT, 'src', name);
const options = { flattenUnionInput: true, target: 'draft-7' as const };

let evaluator: Evaluator;
beforeAll(() => {
  // One worker: a worker reused after a hostile file would evaluate the next one.
  evaluator = createEvaluator({ workers: 1, timeoutMs: 4000, memoryMb: 256 });
});
afterAll(() => evaluator.dispose());
const evaluate = (file: string) => evaluator.evaluate({ file: src(file), options });

/** What the good fixture's one tool must look like, wherever it was evaluated. */
function expectGood(result: EvaluatedFile, name = 'notify'): void {
  expect(result.failure).toBeUndefined();
  expect(result.tools.map((t) => t.name)).toEqual([name]);
  expect(result.tools[0].findings.map((f) => f.code)).toContain('collision-widened');
}

/** Live processes whose command line contains `needle`. */
function processesWith(needle: string): number[] {
  return descendants(1).filter((pid) => commandLine(pid).includes(needle));
}

async function noneLeft(needle: string, withinMs = 3000): Promise<number[]> {
  const until = Date.now() + withinMs;
  let left = processesWith(needle);
  while (left.length > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    left = processesWith(needle);
  }
  return left;
}

describe('a module that changes the built-ins', () => {
  it.each([
    ['mapOverride.ts', 'mapped', 'Array.prototype.map'],
    ['entriesOverride.ts', 'entries', 'Object.entries'],
    ['stringifyOverride.ts', 'stringified', 'JSON.stringify'],
    ['sendOverride.ts', 'sent', 'process.send'],
    ['toJsonOverride.ts', 'toJson', 'Object.prototype.toJSON'],
  ])('%s: reported on itself, its own tool judged without the change, the next file untouched', async (file, tool, what) => {
    const hostile = await evaluate(file);
    expect(hostile.failure).toMatchObject({ phase: 'realm', reason: expect.stringContaining(what) });
    expect(hostile.tools.map((t) => t.name)).toEqual([tool]);
    expect(hostile.tools[0].findings.map((f) => f.code)).toContain('collision-widened');
    expectGood(await evaluate('good.ts'));
    expectGood(await evaluate('good.ts'));
  });
});

describe('a module that sets Error.stackTraceLimit', () => {
  it('changes a setting, not a built-in: no failure, the same worker goes on, the next file untouched', async () => {
    await evaluate('good.ts');
    const before = evaluator.pids();
    const settings = await evaluate('stackTraceLimit.ts');
    expect(settings.failure).toBeUndefined();
    expect(settings.tools.map((t) => t.name)).toEqual(['traced']);
    expect(evaluator.pids()).toEqual(before);
    expectGood(await evaluate('good.ts'));
  });
});

describe('what a module leaves running is never blamed on the next file', () => {
  // Due while the start is let go on (within 1.5 s of its top level), a timer runs as it would under Node: the program
  // throws, rejects or exits 150 ms after it starts, and that is the module's own failure.
  it.each([
    ['lateThrow.ts', 'load', 'thrown late, by lateThrow.ts'],
    ['lateRejection.ts', 'load', 'rejected late, by lateRejection.ts'],
    ['lateExit.ts', 'exit', 'process.exit(7)'],
  ])('%s: a timer due while its start goes on fails it, as under Node; the next file is untouched', async (file, phase, reason) => {
    const hostile = await evaluate(file);
    expect(hostile.failure).toMatchObject({ phase, reason: expect.stringContaining(reason) });
    expect(hostile.tools.map((t) => t.name)).toEqual([file.replace('.ts', '')]);
    expectGood(await evaluate('good.ts'));
  });

  it('a timer due after the start was let go on is cleared with its evaluation: never fired in the next file', async () => {
    await evaluate('good.ts');
    const before = evaluator.pids();
    const left = await evaluate('leftThrow.ts');
    expect(left.failure).toBeUndefined();
    expect(left.tools.map((t) => t.name)).toEqual(['leftThrow']);
    // Loads for longer than the left-behind timer waits: had the timer been left, it would fire inside it.
    const slow = await evaluate('slowGood.ts');
    expect(slow.failure).toBeUndefined();
    expect(slow.tools.map((t) => t.name)).toEqual(['slow']);
    // The timer was cleared with the evaluation that left it: the same worker, with every package it loaded, went on.
    expect(evaluator.pids()).toEqual(before);
    expectGood(await evaluate('good.ts'));
  });
});

describe('processes and memory', () => {
  it('a detached child ends with the evaluation that started it', async () => {
    const result = await evaluate('detachedSpawn.ts');
    expect(result.tools.map((t) => t.name)).toEqual(['detached']);
    expect(await noneLeft('sleep 913.25')).toEqual([]);
    expectGood(await evaluate('good.ts'));
  });

  it('1.5 GB of Buffers (outside the V8 heap) is stopped at the cap on resident memory', async () => {
    const result = await evaluate('buffers.ts');
    expect(result.failure).toMatchObject({ phase: 'memory', reason: expect.stringMatching(/more than the 256 MB memory cap/) });
    expectGood(await evaluate('good.ts'));
  });
});

describe('the CLI survives its workers and leaves no process behind', { timeout: 90_000 }, () => {
  it.each([['killParent.ts'], ['stopParent.ts']])('%s: the signal to check is refused and reported on the module', async (file) => {
    const run = await runCli(['check', `src/${file}`, 'src/good.ts', '--format', 'json', '--flatten', 'always'], { cwd: ROOT, timeoutMs: 60_000 });
    expect(run.signal).toBeUndefined();
    const report = JSON.parse(run.stdout);
    const at = (name: string) =>
      report.diagnostics.filter((d: { file: string }) => d.file.endsWith(name)).map((d: { code: string; message: string }) => `${d.code} ${d.message}`);
    expect(at(file).join('\n')).toMatch(/evaluation-failed .*process\.kill\(\d+\) was refused/);
    expect(at('good.ts').join('\n')).toMatch(/collision-widened/);
  });

  it('a detached spawn and 50 detached forks: none outlives check', async () => {
    const run = await runCli(['check', 'src/detachedSpawn.ts', 'src/detachedForks.ts', 'src/good.ts'], { cwd: ROOT });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('3 tools in 3 files checked');
    expect(processesWith('sleep 913.25')).toEqual([]);
    expect(processesWith('tool-schema-lens-fork-913')).toEqual([]);
  });
});
