/**
 * What a module did on its way to an exit or a throw at start: the last lines it printed and the
 * environment variables its own code read that were unset. Servers exit when a key is missing; the
 * finding then says which key, instead of only "process.exit(1)". Values are never recorded.
 */
import { callerFiles } from '../recorders/callSite';
import { exitWasRequested } from '../sandbox/sandbox';

const KEPT_LINES = 3;
const MAX_LINE = 200;

/** How much of each write is kept to look names up in (a validation error printed as one multi-line object). */
const MAX_WRITE = 4000;

let watching = false;
let printed: string[] = [];
/** The last writes whole (bounded): a variable a package read for the user's code counts once its name is printed. */
let written: string[] = [];
let unset = new Set<string>();
/** Unset variables a package read while called from workspace code (`EnvSchema.parse(process.env)`). */
let unsetVia = new Set<string>();
let installed = false;
/** Every variable read (`*`: the whole environment was listed) while `envReads` is on: a cached result depends on them. */
let envReads: Set<string> | undefined;

/** Keeps the first line of each write (a logged error's message, not its stack). */
function keep(chunk: unknown): void {
  if (!watching) return;
  const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '';
  const first = text
    // eslint-disable-next-line no-control-regex -- the ESC of colour codes is what is stripped
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find(Boolean);
  // Under Node the process is gone at its first exit: what a module that catches the exit we turned into a throw
  // prints next (`Fatal error: ExitRequest…`, our words) would never have been printed.
  if (!first || exitWasRequested()) return;
  written.push(text.slice(0, MAX_WRITE));
  if (written.length > KEPT_LINES) written = written.slice(-KEPT_LINES);
  printed.push(first.length > MAX_LINE ? `${first.slice(0, MAX_LINE)}…` : first);
  if (printed.length > KEPT_LINES) printed = printed.slice(-KEPT_LINES);
}

const workerFile = process.argv[1] ?? '';

/** The read comes straight from workspace code (not from node's console, not from a package). */
function isUserCode(): boolean {
  const file = callerFiles(4, isUserCode).find((f) => f !== '' && f !== workerFile);
  return !!file && !/[\\/]node_modules[\\/]/.test(file) && !file.startsWith('node:');
}

/** A package read it, called from workspace code a few frames up (a schema validating `process.env`). */
function isCalledFromUserCode(): boolean {
  return callerFiles(16, isCalledFromUserCode).some((f) => f !== '' && f !== workerFile && !/[\\/]node_modules[\\/]/.test(f) && !f.startsWith('node:'));
}

/** The environment itself, unwatched: what our own code enumerates and puts back is not the module's reading. */
let unwatched: NodeJS.ProcessEnv = process.env;
export function unwatchedEnv(): NodeJS.ProcessEnv {
  return unwatched;
}

/** Installs the watches once: `process.env` reads and the process's own output. */
export function installStartWatch(): void {
  if (installed) return;
  installed = true;
  const env = (unwatched = process.env);
  process.env = new Proxy(env, {
    get(target, key) {
      if (typeof key === 'string') envReads?.add(key);
      const value = target[key as string];
      if (watching && value === undefined && typeof key === 'string') {
        if (isUserCode()) unset.add(key);
        else if (isCalledFromUserCode()) unsetVia.add(key);
      }
      return value;
    },
    has(target, key) {
      if (typeof key === 'string') envReads?.add(key);
      return key in target;
    },
    getOwnPropertyDescriptor(target, key) {
      if (typeof key === 'string') envReads?.add(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      envReads?.add('*');
      return Reflect.ownKeys(target);
    },
    // Without it a write would define a property with a partial descriptor, which process.env refuses.
    set(target, key, value) {
      (target as Record<string, unknown>)[key as string] = value;
      return true;
    },
  });
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = (chunk: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return write(chunk, ...rest);
    };
  }
}

/** Start watching one evaluation, with the environment the user gave for it (never invented). */
export function startWatching(env: Readonly<Record<string, string>> | undefined): void {
  for (const [name, value] of Object.entries(env ?? {})) process.env[name] = value;
  printed = [];
  written = [];
  unset = new Set();
  unsetVia = new Set();
  watching = true;
}

/** Notes the names of the variables read from now on (the result cache's evidence: host/resultCache.ts). */
export function watchEnvReads(): void {
  envReads = new Set();
}

/** The variables read since `watchEnvReads`, sorted (`*`: all of them), and stop noting. */
export function takeEnvReads(): string[] {
  const names = [...(envReads ?? [])].sort();
  envReads = undefined;
  return names;
}

/** What was seen since `startWatching`. */
export function stopWatching(): { printed: string[]; unsetEnv: string[] } {
  watching = false;
  // A package's reads count only where the output names them: a validator's error lists the keys it missed, while
  // the optional settings packages read (DEBUG, NODE_ENV) stay out of the finding.
  const named = [...unsetVia].filter((name) => written.some((text) => new RegExp(`\\b${name.replace(/[^\w]/g, '\\$&')}\\b`).test(text)));
  return { printed, unsetEnv: [...new Set([...unset, ...named])].filter((name) => process.env[name] === undefined) };
}
