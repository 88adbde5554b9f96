/**
 * Parent side of "no process outlives an evaluation" (Linux, where /proc says who is who). A worker leads its own
 * process group, and killing the group ends what user code started plainly; a detached child (`setsid`) is in a
 * session of its own and survives that. Such a child still carries the worker's marker in its environment
 * (EVALUATION_MARKER), and, while the worker lives, descends from it: both are looked up here and killed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { EVALUATION_MARKER } from '../protocol';

const LINUX = process.platform === 'linux';

interface ProcessInfo {
  pid: number;
  ppid: number;
}

function statOf(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

function allPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => pid !== process.pid);
  } catch {
    return [];
  }
}

/** The processes descending from `root` (not `root` itself), found by their parent links. */
export function descendantsOf(root: number): number[] {
  if (!LINUX) return [];
  const children = new Map<number, number[]>();
  for (const pid of allPids()) {
    const info = statOf(pid);
    if (!info) continue;
    children.set(info.ppid, [...(children.get(info.ppid) ?? []), pid]);
  }
  const found: number[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** The processes whose environment carries this worker's token. */
export function markedProcesses(token: string): number[] {
  if (!LINUX) return [];
  const entry = Buffer.from(`${EVALUATION_MARKER}=${token}\0`);
  return allPids().filter((pid) => carries(pid, entry));
}

function carries(pid: number, entry: Buffer): boolean {
  try {
    const env = readFileSync(`/proc/${pid}/environ`);
    for (let at = env.indexOf(entry); at >= 0; at = env.indexOf(entry, at + 1)) if (at === 0 || env[at - 1] === 0) return true;
    return false;
  } catch {
    // Gone, or another user's: not ours to kill either way.
    return false;
  }
}

function killHard(pid: number): void {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // Not a group leader, or already gone.
    }
  }
}

/**
 * Kill `known` (descendants found while the worker lived) and everything carrying `token`, again until none is
 * left: a process may fork while we look.
 */
export function endStrays(token: string, known: readonly number[] = []): number {
  if (!LINUX) return 0;
  let ended = 0;
  for (const pid of known) {
    killHard(pid);
    ended++;
  }
  for (let round = 0; round < 5; round++) {
    const marked = markedProcesses(token).filter((pid) => statOf(pid) !== undefined && !isZombie(pid));
    if (marked.length === 0) break;
    for (const pid of marked) {
      killHard(pid);
      ended++;
    }
  }
  return ended;
}

function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}
