/**
 * The timers a file's evaluation starts and leaves pending (a cache's sweep interval, an exporter's flush, a retry
 * scheduled for later), cleared when it ends. The file's modules are discarded with their generation, so such a
 * timer could only fire during the next file's evaluation and be blamed on it: a worker left with one used to be
 * retired, and the next file paid for loading every package again in a fresh worker (seconds, on a server with a
 * large dependency graph). Cleared, the worker serves the next file; one left with anything else (a socket, a
 * process, a timer started some other way) is still retired (leftRunning.ts).
 */
import { syncBuiltinESMExports } from 'node:module';
import timers from 'node:timers';

type Clear = (handle: unknown) => void;

const real = {
  setTimeout: globalThis.setTimeout,
  setInterval: globalThis.setInterval,
  setImmediate: globalThis.setImmediate,
  clearTimeout: globalThis.clearTimeout as Clear,
  clearInterval: globalThis.clearInterval as Clear,
  clearImmediate: globalThis.clearImmediate as Clear,
};

/** Pending timers started while tracking, with the function that clears each. */
const pending = new Map<unknown, Clear>();
let tracking = false;

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

/** Replaces the timer functions (globals and `node:timers`) with ones that note what a file leaves pending. */
export function installTimerTracking(): void {
  const wrapped = {
    setTimeout: starter(real.setTimeout as unknown as AnyFunction, real.clearTimeout, true),
    setInterval: starter(real.setInterval as unknown as AnyFunction, real.clearInterval, false),
    setImmediate: starter(real.setImmediate as unknown as AnyFunction, real.clearImmediate, true),
    clearTimeout: clearer(real.clearTimeout),
    clearInterval: clearer(real.clearInterval),
    clearImmediate: clearer(real.clearImmediate),
  };
  for (const [name, fn] of Object.entries(wrapped)) {
    const original = real[name as keyof typeof real];
    // Keep what hangs off the originals (`setTimeout[util.promisify.custom]`).
    for (const key of Reflect.ownKeys(original)) {
      if (key === 'length' || key === 'name' || key === 'prototype') continue;
      const descriptor = Object.getOwnPropertyDescriptor(original, key);
      if (descriptor) Object.defineProperty(fn, key, descriptor);
    }
    Object.defineProperty(fn, 'name', { value: original.name });
    (globalThis as Record<string, unknown>)[name] = fn;
    (timers as unknown as Record<string, unknown>)[name] = fn;
  }
  syncBuiltinESMExports();
}

/** Starts noting the timers started from now on (what an evaluation that never reached its end left, cleared first). */
export function trackTimers(): void {
  clearLeftTimers();
  tracking = true;
}

/** How many timers started since `trackTimers` are still pending. */
export function pendingTimerCount(): number {
  return pending.size;
}

/** Stops noting, and clears every timer started since `trackTimers` that is still pending; returns how many. */
export function clearLeftTimers(): number {
  tracking = false;
  const count = pending.size;
  for (const [handle, clear] of pending) clear(handle);
  pending.clear();
  return count;
}

function starter(start: AnyFunction, clear: Clear, once: boolean): AnyFunction {
  return function (this: unknown, callback: unknown, ...rest: unknown[]) {
    if (!tracking || typeof callback !== 'function') return start.call(this, callback, ...rest);
    // A one-shot timer that has fired is no longer pending.
    const run = once
      ? function (this: unknown, ...args: unknown[]) {
          pending.delete(handle);
          return (callback as AnyFunction).apply(this, args);
        }
      : callback;
    const handle = start.call(this, run, ...rest);
    pending.set(handle, clear);
    return handle;
  };
}

function clearer(clear: Clear): AnyFunction {
  return function (handle: unknown) {
    pending.delete(handle);
    return clear(handle);
  };
}
