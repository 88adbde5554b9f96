/**
 * Inside the worker: user code may signal only what its evaluation owns (the worker itself, its process group, the
 * processes it started and their descendants), never the tool that started the worker nor anything else of the
 * user's. And every process it starts is noted, so the worker is retired after that file and the pool can end
 * them all, detached ones included (see strayProcesses.ts, which finds them by the marker in their environment).
 *
 * This refuses the signal calls of Node; a module can still run `kill` as a command. That is the limit of an
 * in-process guard: the OS-level one is the worker's own process group and session, which the pool kills.
 */
import childProcess from 'node:child_process';
import { readFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { noteRefusal } from './refusals';

const started = new Set<number>();
let spawnedDuringEvaluation = false;

/** Whether user code started a process since the last call (then the worker is not reused). */
export function takeSpawned(): boolean {
  const spawned = spawnedDuringEvaluation;
  spawnedDuringEvaluation = false;
  return spawned;
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return undefined;
  }
}

/** Is `pid` this process or one of its descendants (Linux: by the parent chain in /proc)? */
function isOwn(pid: number): boolean {
  if (pid === process.pid || started.has(pid)) return true;
  if (process.platform !== 'linux') return false;
  for (let p: number | undefined = pid, hops = 0; p && p > 1 && hops < 64; p = parentOf(p), hops++) {
    if (p === process.pid) return true;
  }
  return false;
}

function refused(pid: number): Error {
  const error = new Error(`process.kill(${pid}) was refused: an evaluated module may only signal the processes it started`) as NodeJS.ErrnoException;
  error.code = 'EPERM';
  error.syscall = 'kill';
  error.errno = -1;
  return error;
}

/** Patches `process.kill` (and the `_kill` it calls) and notes every process started through child_process. */
export function installProcessJail(): void {
  const realKill = process.kill.bind(process);
  const internal = process as unknown as { _kill?: (pid: number, signal: number) => number };
  const realInternalKill = internal._kill?.bind(process);
  // Signal 0 only asks whether a process exists; a negative pid names a process group (its leader's pid).
  const allowed = (pid: number, signal: unknown) => signal === 0 || isOwn(Math.abs(pid));
  process.kill = function kill(pid: number, signal?: string | number): true {
    if (!allowed(Number(pid), signal)) throw refused(Number(pid));
    return realKill(pid, signal);
  };
  if (realInternalKill) {
    internal._kill = (pid: number, signal: number) => {
      if (!allowed(Number(pid), signal)) throw refused(Number(pid));
      return realInternalKill(pid, signal);
    };
  }

  // spawn, exec, execFile, fork and their sync forms' async parts all start through ChildProcess#spawn.
  const proto = childProcess.ChildProcess.prototype as unknown as { spawn: (...args: unknown[]) => unknown };
  const realSpawn = proto.spawn;
  proto.spawn = function spawn(this: childProcess.ChildProcess, ...args: unknown[]) {
    spawnedDuringEvaluation = true;
    let result: unknown;
    try {
      result = realSpawn.apply(this, args);
    } catch (error) {
      noteRefusal(error);
      throw error;
    }
    if (this.pid !== undefined) started.add(this.pid);
    return result;
  };
  // The sync forms run a child to completion, but it may leave a detached one behind.
  for (const name of ['spawnSync', 'execSync', 'execFileSync'] as const) {
    const real = childProcess[name] as (...args: unknown[]) => unknown;
    (childProcess as unknown as Record<string, unknown>)[name] = function (...args: unknown[]) {
      spawnedDuringEvaluation = true;
      try {
        return real.apply(childProcess, args);
      } catch (error) {
        noteRefusal(error);
        throw error;
      }
    };
  }
  // `import { execSync } from 'node:child_process'` in a bundle sees the patched functions too.
  syncBuiltinESMExports();
}
