/**
 * A worker's resident memory as the OS counts it (Linux: VmRSS in /proc/<pid>/status). The V8 heap limit does
 * not see Buffers, typed arrays or native allocations; resident memory does, and the pool stops a worker over
 * its cap on it. Read from the parent: a worker busy allocating cannot be relied on to report itself.
 */
import { readFileSync } from 'node:fs';

/** Resident memory of `pid` in MB; undefined where /proc cannot say (not Linux, process gone). */
export function residentMb(pid: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}
