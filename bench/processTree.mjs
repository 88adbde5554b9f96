// Peak resident memory of a process and all its descendants (the CLI and its evaluation workers),
// sampled from /proc. Linux only; elsewhere the figure is reported as unavailable.
import { readdirSync, readFileSync } from 'node:fs';

function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces and parentheses: fields resume after the last ')'.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
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

/** Sum of RSS over `root` and its descendants right now. */
export function treeRss(root) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = parentOf(entry);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(Number(entry));
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop();
    total += rssBytes(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Start sampling; `stop()` returns the peak in bytes (null where /proc is missing). */
export function samplePeakRss(pid, everyMs = 50) {
  let peak = 0;
  const available = (() => {
    try {
      readdirSync('/proc');
      return true;
    } catch {
      return false;
    }
  })();
  const tick = () => {
    if (available) peak = Math.max(peak, treeRss(pid));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return available ? peak : null;
    },
  };
}
