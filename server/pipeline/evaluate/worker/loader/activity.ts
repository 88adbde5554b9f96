/**
 * What the loader is doing, shared between the worker's thread and the hooks' thread without a message (a message
 * would wait for the very event loop turn the worker is asking about): a module the program imports is in flight while
 * one of its hooks runs, and every hook that ends is progress. The worker reads it to tell a start that is still
 * loading (`await import('./optional.js')` before it registers) from one that has settled.
 */
const IN_FLIGHT = 0;
const ENDED = 1;

/** Two counters in shared memory: hooks running, hooks ended. */
export type LoaderActivity = Int32Array;

export function newLoaderActivity(): LoaderActivity {
  return new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
}

/** Runs one hook, counted. */
export async function counted<T>(activity: LoaderActivity | undefined, hook: () => Promise<T>): Promise<T> {
  if (!activity) return hook();
  Atomics.add(activity, IN_FLIGHT, 1);
  try {
    return await hook();
  } finally {
    Atomics.sub(activity, IN_FLIGHT, 1);
    Atomics.add(activity, ENDED, 1);
  }
}

/** Hooks running now, and how many have ended so far (it moves while a chain of imports loads). */
export function readLoaderActivity(activity: LoaderActivity): { inFlight: number; ended: number } {
  return { inFlight: Atomics.load(activity, IN_FLIGHT), ended: Atomics.load(activity, ENDED) };
}
