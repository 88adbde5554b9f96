/**
 * Inside the worker: each evaluation reads a `process.stdin` of its own, an open pipe with nothing written to it, as a
 * client's is to a stdio server. A server that shuts down when its input ends (`process.stdin.on('end' | 'close',
 * () => process.exit(0))`, common) used to exit while loading on the worker's /dev/null: its start was a failure,
 * tools it registered after that were missed, and a failed run is never cached. The input ends only when the load
 * itself waits on it (a module that reads its input to the end at top level), as `node file < /dev/null` would.
 *
 * Each evaluation's is new: with one stdin shared, a stdio server evaluated earlier left it read, and an earlier
 * module's listeners could fire inside a later evaluation. The stand-in holds no handle.
 */
import { Readable } from 'node:stream';

/** Taken before the worker tracks the module's timers: the watch below is the worker's own. */
const { setTimeout: realSetTimeout, clearTimeout: realClearTimeout } = globalThis;

/** How often the watch looks, and how many looks in a row must find the process idle before the input ends. */
const LOOK_MS = 50;
const IDLE_LOOKS = 4;
/** CPU a look may see and still call the process idle (the watch's own work, a stray GC). */
const IDLE_CPU_US = 2_000;

interface EvaluationInput {
  stream: Readable;
  /** Something asked to read it: a transport, a reader. */
  read: boolean;
}

let current: EvaluationInput | undefined;

export function installEvaluationInput(): void {
  Object.defineProperty(process, 'stdin', { configurable: true, enumerable: true, get: () => (current ??= openInput()).stream });
}

/** The next evaluation's stdin is a new one; what listens on the last one never hears from it again. */
export function freshEvaluationInput(): void {
  current = undefined;
}

/**
 * Resolves with `load`; meanwhile, once its stdin has been read and the process has done nothing for a while
 * (`busy` says what it waits on that costs no CPU), ends the input: the load is waiting for it to end.
 */
export async function endInputIfLoadWaits<T>(load: Promise<T>, busy: () => boolean): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idleLooks = 0;
  let last = process.cpuUsage();
  const look = () => {
    const used = process.cpuUsage(last);
    last = process.cpuUsage();
    const idle = current?.read === true && !busy() && used.user + used.system < IDLE_CPU_US;
    idleLooks = idle ? idleLooks + 1 : 0;
    if (idleLooks >= IDLE_LOOKS) {
      current?.stream.push(null);
      return;
    }
    timer = realSetTimeout(look, LOOK_MS);
  };
  timer = realSetTimeout(look, LOOK_MS);
  try {
    return await load;
  } finally {
    realClearTimeout(timer);
  }
}

function openInput(): EvaluationInput {
  const input: EvaluationInput = {
    read: false,
    stream: new Readable({
      read() {
        input.read = true;
      },
    }),
  };
  return input;
}
