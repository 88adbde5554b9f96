/**
 * What a module did on its way to an exit or a throw at start: the last lines it printed and the
 * environment variables its own code read that were unset. Servers exit when a key is missing; the
 * finding then says which key, instead of only "process.exit(1)". Values are never recorded.
 */
import { framesOf } from './recorders/callSite';

const KEPT_LINES = 3;
const MAX_LINE = 200;

let watching = false;
let printed: string[] = [];
let unset = new Set<string>();
let installed = false;

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
  // A module that catches the exit we turned into a throw and logs it prints our words, not its own.
  if (!first || /^ExitRequest\b/.test(first)) return;
  printed.push(first.length > MAX_LINE ? `${first.slice(0, MAX_LINE)}…` : first);
  if (printed.length > KEPT_LINES) printed = printed.slice(-KEPT_LINES);
}

const workerFile = process.argv[1] ?? '';

/** The read comes straight from workspace code (not from node's console, not from a package). */
function isUserCode(): boolean {
  const holder: { stack?: string } = {};
  const previous = Error.stackTraceLimit;
  Error.stackTraceLimit = 4;
  Error.captureStackTrace(holder, isUserCode);
  Error.stackTraceLimit = previous;
  const frame = framesOf(holder.stack).find((f) => f.file !== workerFile);
  return !!frame && !/[\\/]node_modules[\\/]/.test(frame.file) && !frame.file.startsWith('node:');
}

/** Installs the watches once: `process.env` reads and the process's own output. */
export function installStartWatch(): void {
  if (installed) return;
  installed = true;
  const env = process.env;
  process.env = new Proxy(env, {
    get(target, key) {
      const value = target[key as string];
      if (watching && value === undefined && typeof key === 'string' && isUserCode()) unset.add(key);
      return value;
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
  unset = new Set();
  watching = true;
}

/** What was seen since `startWatching`. */
export function stopWatching(): { printed: string[]; unsetEnv: string[] } {
  watching = false;
  return { printed, unsetEnv: [...unset].filter((name) => process.env[name] === undefined) };
}
