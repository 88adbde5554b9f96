/**
 * A worker's CPU time as the OS counts it (Linux: utime + stime of /proc/<pid>/stat, every thread of the process,
 * the loader's included). Evaluations are limited by the work they do, not by wall time: on a machine busy with a
 * build, a start that needs 3 s of CPU takes longer than 5 s of wall time and must still finish.
 */
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's counters (`getconf CLK_TCK`; 100 on every Linux Node supports). */
const TICKS_PER_SECOND = 100;

/** CPU milliseconds `pid` has used so far; undefined where /proc cannot say (not Linux, process gone). */
export function cpuMs(pid: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}
