// Peak resident memory of a process and all its descendants (the CLI and its evaluation workers),
// sampled from /proc. Linux only; elsewhere the figure is reported as unavailable.
import { readdirSync, readFileSync } from 'node:fs';

/** Fields of /proc/PID/stat after the command name (which may contain spaces and parentheses). */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function parentOf(pid) {
  const f = statFields(pid);
  return f ? Number(f[1]) : -1;
}

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid) {
  const f = statFields(pid);
  return f ? (Number(f[11]) + Number(f[12])) / 100 : 0;
}

function rssBytes(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /VmRSS:\s+(\d+) kB/.exec(status);
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The pids of `root` and its descendants right now. */
function treePids(root) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = parentOf(entry);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(Number(entry));
  }
  const pids = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop();
    pids.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return pids;
}

/** Sum of RSS over `root` and its descendants right now. */
export function treeRss(root) {
  return treePids(root).reduce((sum, pid) => sum + rssBytes(pid), 0);
}

/** CPU seconds used so far by `root` alone and by it with its descendants alive now (workers that ended are not counted). */
export function treeCpu(root) {
  const pids = treePids(root);
  return { root: cpuSeconds(root), total: pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) };
}

/**
 * Start sampling; `stop()` returns the peak RSS in bytes and the CPU seconds each process of the tree had
 * used when last seen (null where /proc is missing). CPU time does not depend on what else the machine runs.
 */
export function samplePeakRss(pid, everyMs = 50) {
  let peak = 0;
  const cpu = new Map();
  const available = (() => {
    try {
      readdirSync('/proc');
      return true;
    } catch {
      return false;
    }
  })();
  const tick = () => {
    if (!available) return;
    const pids = treePids(pid);
    peak = Math.max(
      peak,
      pids.reduce((sum, p) => sum + rssBytes(p), 0),
    );
    for (const p of pids) {
      const seconds = cpuSeconds(p);
      if (seconds > 0) cpu.set(p, seconds);
    }
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return {
    stop() {
      clearInterval(timer);
      if (!available) return { peak: null, cpu: null };
      return { peak, cpu: { root: cpu.get(pid) ?? 0, total: [...cpu.values()].reduce((a, b) => a + b, 0) } };
    },
  };
}
