/**
 * A worker must never outlive the process that started it, even while user code spins in an endless loop
 * (the event loop never sees the IPC channel close then): a thread of its own checks the parent's pid and
 * ends the worker's process group the moment it is orphaned.
 */
import { Worker } from 'node:worker_threads';

const WATCH = `
const { ppid, group } = require('node:worker_threads').workerData;
setInterval(() => {
  if (process.ppid === ppid) return;
  try { process.kill(group ? -process.pid : process.pid, 'SIGKILL'); } catch { process.kill(process.pid, 'SIGKILL'); }
}, 500);
`;

export function watchForOrphaning(): void {
  const group = process.platform !== 'win32';
  const watcher = new Worker(WATCH, { eval: true, workerData: { ppid: process.ppid, group }, resourceLimits: { maxOldGenerationSizeMb: 8 } });
  // The watch never keeps the worker alive by itself.
  watcher.unref();
}
