/**
 * Sees the permission model's file refusals (worker side), including those user code catches: the model throws
 * `ERR_ACCESS_DENIED` from inside Node with no hook, so the calls that write (and the reads that open a file or a
 * folder) are wrapped to note a refusal on its way back to user code, unchanged. Probes (`stat`, `lstat`, `access`,
 * `exists`) of a path outside what evaluated code may read answer "not there" (ENOENT, false), unnoted: libraries probe many paths
 * (a config loader searches every folder from the working one up to the root, `.puppeteerrc` included) and expect
 * only that answer, so the model's own error made them throw where the program, as run, goes on.
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

/** `wrapper` as a stand-in for `real`: its name and what hangs off it (`realpathSync.native`, custom promisify symbols). */
function standIn(real: AnyFunction, wrapper: AnyFunction): AnyFunction {
  for (const key of Reflect.ownKeys(real)) {
    if (key === 'length' || key === 'name' || key === 'prototype') continue;
    const descriptor = Object.getOwnPropertyDescriptor(real, key);
    if (descriptor) Object.defineProperty(wrapper, key, descriptor);
  }
  Object.defineProperty(wrapper, 'name', { value: real.name });
  return wrapper;
}

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
  return standIn(real, wrapper);
}

const PROBES = ['stat', 'lstat', 'access'];

/** `existsSync` never throws, by its contract; Node 20's model throws its refusal from it: false, as for a missing path. */
function existence(real: AnyFunction): AnyFunction {
  const wrapper = function (this: unknown, ...args: unknown[]): unknown {
    try {
      return real.apply(this, args);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      const callback = args[1];
      if (typeof callback === 'function') process.nextTick(() => (callback as AnyFunction)(false));
      return false;
    }
  };
  return standIn(real, wrapper);
}

/** A refused read as the error a path that is not there gives. */
function notThere(error: unknown, syscall: string, target: unknown): unknown {
  if (!isRefusal(error) || error.permission !== 'FileSystemRead') return error;
  const where = target instanceof URL ? target.pathname : String(target);
  return Object.assign(new Error(`ENOENT: no such file or directory, ${syscall} '${where}'`), { errno: -2, code: 'ENOENT', syscall, path: where });
}

/** The frame that called `callee` (V8 formats it only when read). */
function callerOf(callee: AnyFunction): { stack?: string } {
  const previous = Error.stackTraceLimit;
  Error.stackTraceLimit = 1;
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, callee);
  Error.stackTraceLimit = previous;
  return holder;
}

/** Node's own code probing as part of a larger call (`rmSync` lstat's first): its refusal is that call's, noted as such. */
function byNode(caller: { stack?: string }): boolean {
  return /\n\s+at (?:[^\n]*\()?node:/.test(caller.stack ?? '');
}

/**
 * The same probe, answering a refused read as ENOENT (and `statSync(p, { throwIfNoEntry: false })` as undefined),
 * unless Node's own code made it.
 */
function probed(real: AnyFunction, syscall: string): AnyFunction {
  const wrapper = function (this: unknown, ...args: unknown[]): unknown {
    const last = args.length - 1;
    const callback = args[last];
    // An answer that comes later is given after the caller's frames are gone: its caller is taken now.
    const later = typeof callback === 'function' ? callerOf(wrapper) : undefined;
    const answer = (error: unknown, caller: { stack?: string } | undefined) => (caller && byNode(caller) ? error : notThere(error, syscall, args[0]));
    if (typeof callback === 'function') {
      args[last] = function (this: unknown, error: unknown, ...rest: unknown[]) {
        return (callback as AnyFunction).call(this, error ? answer(error, later) : error, ...rest);
      };
    }
    try {
      const out = real.apply(this, args);
      if (!(out instanceof Promise)) return out;
      const caller = later ?? callerOf(wrapper);
      return out.catch((error: unknown) => Promise.reject(answer(error, caller)));
    } catch (error) {
      const given = answer(error, callerOf(wrapper));
      if (given !== error && (args[1] as { throwIfNoEntry?: unknown } | undefined)?.throwIfNoEntry === false) return undefined;
      throw given;
    }
  };
  return standIn(real, wrapper);
}

/** Replaces `name` in its three forms (callback and sync in `fs`, and `fs/promises`) with what `wrap` makes of each. */
function replaceForms(name: string, wrap: (real: AnyFunction) => AnyFunction): void {
  const callbacks = fs as unknown as Record<string, unknown>;
  const promises = fs.promises as unknown as Record<string, unknown>;
  for (const [target, key] of [
    [callbacks, name],
    [callbacks, `${name}Sync`],
    [promises, name],
  ] as const) {
    const real = target[key];
    if (typeof real === 'function') target[key] = wrap(real as AnyFunction);
  }
}

/** Wraps the calls in `fs` (callback and sync forms) and `fs/promises`. */
export function installFsRefusals(): void {
  for (const name of PROBES) replaceForms(name, (real) => probed(real, name));
  // `exists` has no promise form: replaceForms finds none to replace.
  replaceForms('exists', existence);
  for (const name of CALLS) replaceForms(name, (real) => observed(real, READS.has(name)));
  // `import { writeFileSync } from 'node:fs'` sees the wrapped functions too.
  syncBuiltinESMExports();
}
