/** Runs the built CLI (dist/cli.js, built by test/globalSetup.ts if missing) as a child process, the way a user or CI does. */
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import type { Evaluator, EvaluatorOptions, EvaluatorSource } from '../../server/pipeline';
import type { CommandLineIo } from '../../server/cli/commandLine';

export const REPO = path.resolve(__dirname, '../..');
export const CLI = path.join(REPO, 'dist', 'cli.js');
export const FIXTURES = path.join(REPO, 'test', 'fixtures');

export interface CliRun {
  code: number | null;
  /** The signal that ended it, if one did (a time-out here sends SIGKILL, after SIGCONT for one that was stopped). */
  signal?: NodeJS.Signals;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { cwd?: string; env?: Record<string, string | undefined>; timeoutMs?: number } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? FIXTURES,
      env: { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    const timer = options.timeoutMs
      ? setTimeout(() => {
          child.kill('SIGCONT');
          child.kill('SIGKILL');
        }, options.timeoutMs)
      : undefined;
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ...(signal ? { signal } : {}) });
    });
  });
}

/**
 * Runs a command line in the test process (`server/cli/commandLine.ts` from source, over the real pipeline and its
 * real worker processes), as the built CLI would print it through pipes. For suites about what a check reports; the
 * ones about the process itself (its exit on a signal, its terminal, its environment, what it leaves behind) spawn
 * the built CLI with `runCli`. Saves each case the CLI's own start and the tokenizer's load (~1 s of CPU).
 */
export async function runInProcess(
  args: string[],
  options: { cwd?: string; timeoutMs?: number; env?: Record<string, string>; io?: Pick<CommandLineIo, 'env' | 'confirm' | 'today'> } = {},
): Promise<CliRun> {
  // Variables the workspace's code reads are this process's while the run lasts (the workers it starts inherit
  // them, as a spawned CLI's would); the run they are set for is never run beside another.
  const before = Object.fromEntries(Object.keys(options.env ?? {}).map((name) => [name, process.env[name]]));
  Object.assign(process.env, options.env);
  try {
    return await runWithin(args, options);
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/**
 * Workers lent to the in-process checks (`CommandLineIo.evaluators`): one pool per folder, limits and environment,
 * kept warm from one check to the next, as the language server keeps its pool across analyses. A check's own
 * fresh pool cost it ~0.9 s of CPU (a process, the SDKs and zod, the JIT) before its first result; what a warm
 * worker gives is the same (each evaluation a fresh module graph: `sameAsCli` and the result cache's
 * byte-identity cases hold either way). The suites about the process itself spawn the CLI, with pools of its own.
 */
interface LentPool {
  evaluator: Evaluator;
  /** Checks using it now: an evicted pool ends once the last gives it back. */
  users: number;
  evicted: boolean;
}
const lentPools = new Map<string, LentPool>();
/** Pools kept warm at once (most recently used): a suite's folders come one after another. */
const KEPT_POOLS = 2;

function lendEvaluators(createEvaluator: (options: EvaluatorOptions) => Evaluator): EvaluatorSource {
  return (options) => {
    // The workers inherit this process's environment when they start: a run under other variables gets other workers.
    const key = JSON.stringify({ options, env: Object.entries(process.env).sort(([a], [b]) => (a < b ? -1 : 1)) });
    const pool = lentPools.get(key) ?? { evaluator: createEvaluator(options), users: 0, evicted: false };
    lentPools.delete(key);
    lentPools.set(key, pool);
    pool.users++;
    for (const [oldKey, old] of lentPools) {
      if (lentPools.size <= KEPT_POOLS) break;
      lentPools.delete(oldKey);
      old.evicted = true;
      if (old.users === 0) void old.evaluator.dispose();
    }
    let given = false;
    return {
      ...pool.evaluator,
      // Given back, not ended: the next check of the folder finds the workers warm.
      dispose: async () => {
        if (given) return;
        given = true;
        pool.users--;
        if (pool.evicted && pool.users === 0) await pool.evaluator.dispose();
      },
    };
  };
}

async function runWithin(
  args: string[],
  options: { cwd?: string; timeoutMs?: number; io?: Pick<CommandLineIo, 'env' | 'confirm' | 'today'> },
): Promise<CliRun> {
  const { runCommandLine } = await import('../../server/cli/commandLine');
  const { createEvaluator } = await import('../../server/pipeline');
  let stdout = '';
  let stderr = '';
  const run = runCommandLine(args, {
    cwd: options.cwd ?? FIXTURES,
    env: {},
    stdout: async (text) => void (stdout += text),
    stdoutIsTerminal: false,
    stderr: (text) => void (stderr += text),
    ownsProcess: false,
    evaluators: lendEvaluators(createEvaluator),
    // What the command line itself reads (verify's keys and base URLs, its terminal and its date), apart from the
    // variables the workspace's code sees.
    ...options.io,
  });
  // A run in this process cannot be killed: past the limit the case fails as a killed child's would, with what was
  // printed so far, and the run is left to end on its own.
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'limit'>((resolve) => (timer = options.timeoutMs ? setTimeout(() => resolve('limit'), options.timeoutMs) : undefined));
  const code = await Promise.race([run, limit]).finally(() => clearTimeout(timer));
  return code === 'limit'
    ? { code: null, signal: 'SIGKILL', stdout, stderr: `${stderr}(still running after ${options.timeoutMs} ms)\n` }
    : { code, stdout, stderr };
}
