/**
 * The timers a file's evaluation starts and leaves pending (a cache's sweep interval, an exporter's flush, a retry
 * scheduled for later), cleared when it ends. The file's modules are discarded with their generation, so such a
 * timer could only fire during the next file's evaluation and be blamed on it: a worker left with one used to be
 * retired, and the next file paid for loading every package again in a fresh worker (seconds, on a server with a
 * large dependency graph). Cleared, the worker serves the next file; one left with anything else (a socket, a
 * process, a timer started some other way) is still retired (leftRunning.ts). Which of them a start may be awaiting
 * (a short one-shot: `soonestTimerDue`) is noted too, so the worker lets it fire first (worker.ts, `settleStart`).
 */
import { syncBuiltinESMExports } from 'node:module';
import timers from 'node:timers';
import timersPromises from 'node:timers/promises';

type Clear = (handle: unknown) => void;

const real = {
  setTimeout: globalThis.setTimeout,
  setInterval: globalThis.setInterval,
  setImmediate: globalThis.setImmediate,
  clearTimeout: globalThis.clearTimeout as Clear,
  clearInterval: globalThis.clearInterval as Clear,
  clearImmediate: globalThis.clearImmediate as Clear,
};

const realPromises = { setTimeout: timersPromises.setTimeout, setImmediate: timersPromises.setImmediate };

/** Pending timers started while tracking, with the function that clears each and, for a one-shot, when it is due. */
const pending = new Map<unknown, { clear: Clear; due?: number }>();
/** When each promise-form timer started while tracking is due (`await setTimeout(40)` of `node:timers/promises`). */
const promised = new Set<number>();
let tracking = false;

/** Node's own rule: a delay that is not a number from 1 to 2^31 - 1 is 1 ms. */
function delayOf(value: unknown): number {
  const ms = Number(value);
  return ms >= 1 && ms <= 2 ** 31 - 1 ? ms : 1;
}

/**
 * A timer of up to this delay is one a start may await before it registers (a backoff, a debounce, a retry); a longer
 * one is a later job (a sweep, a refresh, a flush), never waited on: by its delay, not by how fast the machine ran.
 */
const AWAITED_DELAY_MS = 1500;

/** When a one-shot timer of `delay` started now is due, if a start may be waiting on it. */
function dueOf(delay: number): number | undefined {
  return delay <= AWAITED_DELAY_MS ? performance.now() + delay : undefined;
}

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

/** Replaces the timer functions (globals and `node:timers`) with ones that note what a file leaves pending. */
export function installTimerTracking(): void {
  const wrapped = {
    setTimeout: starter(real.setTimeout as unknown as AnyFunction, real.clearTimeout, (delay) => delayOf(delay)),
    setInterval: starter(real.setInterval as unknown as AnyFunction, real.clearInterval),
    setImmediate: starter(real.setImmediate as unknown as AnyFunction, real.clearImmediate, () => 0),
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
  const promiseForms = {
    setTimeout: promiseStarter(realPromises.setTimeout as unknown as AnyFunction, (delay) => delayOf(delay)),
    setImmediate: promiseStarter(realPromises.setImmediate as unknown as AnyFunction, () => 0),
  };
  for (const [name, fn] of Object.entries(promiseForms)) {
    Object.defineProperty(fn, 'name', { value: name });
    (timersPromises as unknown as Record<string, unknown>)[name] = fn;
  }
  syncBuiltinESMExports();
}

/**
 * When the soonest one-shot timer of at most 1.5 s started since `trackTimers` is due (`performance.now()` time), or
 * undefined when none is pending: a start that waits a moment before it registers is let finish (an interval, or a
 * timer set further out, is never waited on).
 */
export function soonestTimerDue(): number | undefined {
  let soonest: number | undefined;
  const now = performance.now();
  for (const due of promised) if (due < now) promised.delete(due);
  for (const due of [...[...pending.values()].map((t) => t.due), ...promised]) {
    if (due !== undefined && (soonest === undefined || due < soonest)) soonest = due;
  }
  return soonest;
}

/** Starts noting the timers started from now on (what an evaluation that never reached its end left, cleared first). */
export function trackTimers(): void {
  clearLeftTimers();
  promised.clear();
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
  for (const [handle, { clear }] of pending) clear(handle);
  pending.clear();
  return count;
}

/** `delay` reads a one-shot timer's delay from its arguments; an interval has none. */
function starter(start: AnyFunction, clear: Clear, delay?: (value: unknown) => number): AnyFunction {
  return function (this: unknown, callback: unknown, ...rest: unknown[]) {
    if (!tracking || typeof callback !== 'function') return start.call(this, callback, ...rest);
    // A one-shot timer that has fired is no longer pending.
    const run = delay
      ? function (this: unknown, ...args: unknown[]) {
          pending.delete(handle);
          return (callback as AnyFunction).apply(this, args);
        }
      : callback;
    const handle = start.call(this, run, ...rest);
    const due = delay ? dueOf(delay(rest[0])) : undefined;
    pending.set(handle, { clear, ...(due !== undefined ? { due } : {}) });
    return handle;
  };
}

/** The promise form keeps no handle to clear: only when it is due is noted, forgotten once that has passed. */
function promiseStarter(start: AnyFunction, delay: (value: unknown) => number): AnyFunction {
  return function (this: unknown, ...args: unknown[]) {
    const due = tracking ? dueOf(delay(args[0])) : undefined;
    if (due !== undefined) promised.add(due);
    return start.apply(this, args);
  };
}

function clearer(clear: Clear): AnyFunction {
  return function (handle: unknown) {
    pending.delete(handle);
    return clear(handle);
  };
}
