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
