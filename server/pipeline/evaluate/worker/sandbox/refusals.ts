/**
 * What the check refused while a file was evaluated (worker side): a write or read outside what evaluation may
 * touch, a process, a thread, a connection beyond loopback. Each refusal is noted where user code made it, whether
 * or not the code caught the error, so the user learns what the start tried (an information finding at the call)
 * and evaluation goes on where the code lets it. The enforcing is not here: the permission model refuses files,
 * processes and threads; network.ts refuses connections.
 */
import { REFUSAL_KEY } from '../loader/protocol';
import { foreignFrames, framesOf, userFrame, userFrameHere } from '../recorders/callSite';
import type { SourcePoint } from '../../contract';
import type { Refusal } from '../../protocol';

/** The permission model's names for what it refuses, as the attempt in words. */
const ATTEMPTS: Record<string, Refusal['attempt']> = {
  FileSystemWrite: 'write',
  FileSystemRead: 'read',
  ChildProcess: 'process',
  WorkerThreads: 'thread',
  Network: 'network',
};

/** One file's refusals, each once per kind, resource and place; a loop that retries is not a hundred findings. */
const MAX_REFUSALS = 20;
let noted: Refusal[] = [];
let recording = false;

/** Starts (true) or stops noting refusals; stopping keeps what was noted for `takeRefusals`. */
export function recordRefusals(on: boolean): void {
  recording = on;
}

/** Runs `fn` (the loader's own reads: a tsconfig above the workspace) without noting what it is refused. */
export function withoutNoting<T>(fn: () => T): T {
  const was = recording;
  recording = false;
  try {
    return fn();
  } finally {
    recording = was;
  }
}

/** The refusals noted since the last call. */
export function takeRefusals(): Refusal[] {
  const out = noted;
  noted = [];
  return out;
}

/** The refusals noted so far, left in place (what a step of the evaluation caused: those noted after it began). */
export function notedRefusals(): readonly Refusal[] {
  return noted;
}

/**
 * The API a refusal without a permission name was about. Node refuses some APIs outright under the permission model
 * (`fsync API is disabled when Permission Model is enabled.`, `process.binding`) and names them only in the message.
 */
export function refusedApi(error: unknown): string {
  const raw = (error as { message?: unknown } | null)?.message;
  const message = typeof raw === 'string' ? raw.trim() : '';
  const named = /^([\w.]+) API\b/.exec(message)?.[1] ?? (/^[\w.]+$/.test(message) ? message : undefined);
  return named ? `\`${named}\`` : message ? `behind "${message.replace(/\.$/, '')}"` : 'that Node does not name';
}

/** Is `error` the permission model's (or one of our refusing stubs') refusal? */
export function isRefusal(error: unknown): error is { code: string; permission?: unknown; resource?: unknown; stack?: string } {
  return (error as { code?: unknown } | null)?.code === 'ERR_ACCESS_DENIED';
}

/** Notes a refusal; `at` is where user code asked (for a callback or promise, taken when it asked). */
export function noteRefusal(error: unknown, at?: SourcePoint, byPackage = false): void {
  if (!recording || !isRefusal(error) || noted.length >= MAX_REFUSALS) return;
  const permission = typeof error.permission === 'string' ? error.permission : '';
  if (!permission) return note('api', refusedApi(error), at ?? userFrame(framesOf(error.stack)));
  const attempt = ATTEMPTS[permission] ?? (typeof error.resource === 'string' ? 'write' : 'process');
  // A package probing the system (`/proc/version`, a config in HOME) reads what it may not, and copes: not the
  // user's to fix. Its writes, processes and connections are still named, at the user call that reached them.
  if (attempt === 'read' && byPackage) return;
  const resource = typeof error.resource === 'string' && error.resource.trim() ? error.resource : undefined;
  note(attempt, resource, at ?? userFrame(framesOf(error.stack)));
}

function note(attempt: Refusal['attempt'], resource: string | undefined, site: SourcePoint | undefined): void {
  if (!recording || noted.length >= MAX_REFUSALS) return;
  const same = (r: Refusal) => r.attempt === attempt && r.resource === resource && r.at?.file === site?.file && r.at?.line === site?.line;
  if (noted.some(same)) return;
  noted.push({ attempt, ...(resource ? { resource } : {}), ...(site ? { at: site } : {}) });
}

/** Where user code is calling from now: taken before an asynchronous call whose refusal arrives later. */
export function callerSite(): SourcePoint | undefined {
  return recording ? userFrameHere() : undefined;
}

/**
 * The stack of a call under way, captured for a refusal that may come back later (a callback, a promise). V8 keeps
 * the frames and formats them only when `stack` is read, with source maps: on a refusal, never on the way in.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export function traceCall(callee: Function): { stack?: string } | undefined {
  if (!recording) return undefined;
  const previous = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, callee);
  Error.stackTraceLimit = previous;
  return holder;
}

/** Notes a refusal made by the call whose stack `trace` holds: at its user frame, and whether a package made it. */
export function noteTracedRefusal(error: unknown, trace: { stack?: string } | undefined): void {
  if (!recording || !isRefusal(error)) return;
  const frames = foreignFrames(trace?.stack ?? error.stack);
  const byPackage = frames.length > 0 && /[\\/]node_modules[\\/]/.test(frames[0].file);
  noteRefusal(error, userFrame(frames), byPackage);
}

/** The package a file under node_modules belongs to, for naming an addon (`better-sqlite3`). */
function packageOfFile(file: string): string {
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](?!.*[\\/]node_modules[\\/])/.exec(file);
  return match ? match[1].replace(/\\/g, '/') : file;
}

/**
 * Native addons are refused by the model with `ERR_DLOPEN_DISABLED` (unless the user allows them): noted as a
 * refusal naming the addon's package, at the user call that loaded it.
 */
export function installAddonRefusals(): void {
  const real = process.dlopen.bind(process) as (...args: unknown[]) => void;
  process.dlopen = function dlopen(...args: unknown[]): void {
    // Passed on as given: an explicit `undefined` for the flags is refused by Node.
    const filename = String(args[1]);
    try {
      real(...args);
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === 'ERR_DLOPEN_DISABLED') note('addon', packageOfFile(filename), callerSite());
      throw error;
    }
  };
}

/** For refusing stubs the loader serves (worker_threads' `Worker`). */
export function installRefusalGlobal(): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for(REFUSAL_KEY)] = (error: unknown) => noteRefusal(error);
}
