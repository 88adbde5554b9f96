/**
 * Sees the permission model's file refusals (worker side), including those user code catches: the model throws
 * `ERR_ACCESS_DENIED` from inside Node with no hook, so the calls that write (and the reads that open a file or a
 * folder) are wrapped to note a refusal on its way back to user code, unchanged. Probes (`stat`, `access`,
 * `exists`) are left alone: libraries probe many paths and a refused probe is only "not there".
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { isRefusal, noteTracedRefusal, traceCall } from './refusals';
import { noteFsRead } from './fsReads';

const CALLS = [
  'writeFile',
  'appendFile',
  'mkdir',
  'mkdtemp',
  'rm',
  'rmdir',
  'unlink',
  'rename',
  'copyFile',
  'cp',
  'open',
  'truncate',
  'symlink',
  'link',
  'chmod',
  'chown',
  'lchown',
  'utimes',
  'lutimes',
  'readFile',
  'readdir',
  'opendir',
];
/** The calls whose first argument is read or listed (an evaluation's result depends on it: fsReads.ts). */
const READS = new Set(['open', 'readFile', 'readdir', 'opendir']);

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

/** The same function, noting a refusal it throws, rejects with or calls back with (and, for a read, its target). */
function observed(real: AnyFunction, reads: boolean): AnyFunction {
  const wrapper = function (this: unknown, ...args: unknown[]): unknown {
    // Taken now, formatted only on a refusal: a callback or a promise answers after the caller's frames are gone.
    const trace = traceCall(wrapper);
    if (!trace) return real.apply(this, args);
    if (reads) noteFsRead(args[0]);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = function (this: unknown, error: unknown, ...rest: unknown[]) {
        if (isRefusal(error)) noteTracedRefusal(error, trace);
        return (callback as AnyFunction).call(this, error, ...rest);
      };
    }
    try {
      const out = real.apply(this, args);
      if (out instanceof Promise) {
        return out.catch((error: unknown) => {
          if (isRefusal(error)) noteTracedRefusal(error, trace);
          throw error;
        });
      }
      return out;
    } catch (error) {
      if (isRefusal(error)) noteTracedRefusal(error, trace);
      throw error;
    }
  };
  // Keep what hangs off the function (`realpathSync.native`, custom promisify symbols).
  for (const key of Reflect.ownKeys(real)) {
    if (key === 'length' || key === 'name' || key === 'prototype') continue;
    const descriptor = Object.getOwnPropertyDescriptor(real, key);
    if (descriptor) Object.defineProperty(wrapper, key, descriptor);
  }
  Object.defineProperty(wrapper, 'name', { value: real.name });
  return wrapper;
}

/** Wraps the calls in `fs` (callback and sync forms) and `fs/promises`. */
export function installFsRefusals(): void {
  const callbacks = fs as unknown as Record<string, unknown>;
  const promises = fs.promises as unknown as Record<string, unknown>;
  for (const name of CALLS) {
    for (const [target, key] of [
      [callbacks, name],
      [callbacks, `${name}Sync`],
      [promises, name],
    ] as const) {
      const real = target[key];
      if (typeof real === 'function') target[key] = observed(real as AnyFunction, READS.has(name));
    }
  }
  // `import { writeFileSync } from 'node:fs'` sees the wrapped functions too.
  syncBuiltinESMExports();
}
