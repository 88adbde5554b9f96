/**
 * The process state one evaluation may change and the next must not inherit (worker side): the working directory,
 * the umask and the environment are put back before each evaluation; a changed user or group cannot be put back,
 * so it retires the worker. One file's `process.chdir('/tmp')` or `umask(0o777)` then never changes another
 * file's result.
 */
import { unwatchedEnv } from '../start/startWatch';

export interface ProcessState {
  cwd: string;
  umask: number;
  env: Record<string, string | undefined>;
  credentials: string;
}

function credentials(): string {
  return typeof process.getuid === 'function' ? [process.getuid(), process.getgid?.(), process.geteuid?.(), process.getegid?.()].join(':') : '';
}

/** The state as it is now (taken once, before any user code). */
export function captureProcessState(): ProcessState {
  // Reading the umask means setting it: set it straight back.
  const umask = process.umask(0o022);
  process.umask(umask);
  return { cwd: process.cwd(), umask, env: { ...unwatchedEnv() }, credentials: credentials() };
}

/** Puts `state` back; returns what could not be (a changed user or group), for the worker to retire over. */
export function restoreProcessState(state: ProcessState): string | undefined {
  try {
    if (process.cwd() !== state.cwd) process.chdir(state.cwd);
  } catch {
    // The folder is gone: the worker's next file fails to resolve what it imports, and says so.
  }
  process.umask(state.umask);
  const env = unwatchedEnv();
  for (const name of Object.keys(env)) if (!(name in state.env)) delete env[name];
  for (const [name, value] of Object.entries(state.env)) if (env[name] !== value) env[name] = value;
  return credentials() !== state.credentials ? 'the module changed the process user or group' : undefined;
}
