/**
 * A worker must never outlive the process that started it, even while user code spins in an endless loop (the
 * event loop never sees the IPC channel close then). The watch runs on the loader hooks' thread (`loader/hooks.ts`
 * starts it), which Node keeps for the process's life and whose event loop turns while the main thread spins: a
 * thread of its own cost every worker ~40 ms of CPU and a V8 isolate at each start.
 */

/** Who to watch for: the parent's pid as the worker saw it at start, and whether the worker leads its own group. */
export interface OrphanWatch {
  ppid: number;
  group: boolean;
}

/** What the worker hands its loader hooks so they can watch for it. */
export function orphanWatchHere(): OrphanWatch {
  return { ppid: process.ppid, group: process.platform !== 'win32' };
}

const EVERY_MS = 500;

/** Ends the worker's process (and its group, with what user code spawned) the moment its parent is gone. */
export function watchForOrphaning({ ppid, group }: OrphanWatch): void {
  const timer = setInterval(() => {
    if (process.ppid === ppid) return;
    try {
      process.kill(group ? -process.pid : process.pid, 'SIGKILL');
    } catch {
      process.kill(process.pid, 'SIGKILL');
    }
  }, EVERY_MS);
  // The watch never keeps its thread alive by itself.
  timer.unref();
}
