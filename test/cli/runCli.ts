/** Runs the built CLI (dist/cli.js, built by test/globalSetup.ts if missing) as a child process, the way a user or CI does. */
import { spawn } from 'node:child_process';
import * as path from 'node:path';

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
export async function runInProcess(args: string[], options: { cwd?: string; timeoutMs?: number; env?: Record<string, string> } = {}): Promise<CliRun> {
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

async function runWithin(args: string[], options: { cwd?: string; timeoutMs?: number }): Promise<CliRun> {
  const { runCommandLine } = await import('../../server/cli/commandLine');
  let stdout = '';
  let stderr = '';
  const run = runCommandLine(args, {
    cwd: options.cwd ?? FIXTURES,
    env: {},
    stdout: async (text) => void (stdout += text),
    stdoutIsTerminal: false,
    stderr: (text) => void (stderr += text),
    ownsProcess: false,
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
