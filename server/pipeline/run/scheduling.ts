/** How a run shares the workers and this thread: a window of evaluations at once, and turns given to the event loop. */

/** Files being bundled or evaluated at once: the pool's workers plus a little bundling ahead. */
export const EVALUATION_WINDOW = 4;

/** A task runner that runs at most `limit` tasks at a time, in the order they were given. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/** Run at most `limit` of the given tasks at a time, in the order they were given. */
export function limitConcurrency(limit: number): Limiter {
  let active = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    active--;
    waiting.shift()?.();
  };
  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        active++;
        // A task that throws before returning its promise must still free its slot.
        new Promise<T>((run) => run(task())).then(resolve, reject).finally(next);
      };
      if (active < limit) start();
      else waiting.push(start);
    });
}

/** Lets the workers' messages (a result, a transform a worker waits on) be answered between two pieces of work. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
