/**
 * What the worker changes in its own process before user code runs: `process.exit` ends the evaluation (with its
 * code) instead of the worker, also from inside the module's own `uncaughtException` / `unhandledRejection`
 * handlers, where a throw would otherwise be fatal to the process (Node exits with code 7). (The network, listening
 * included, is network.ts's.)
 */
import { captureCallSite } from '../recorders/callSite';
import type { SourcePoint } from '../../contract';

/** Thrown out of user code by the patched `process.exit`. */
export class ExitRequest extends Error {
  constructor(
    readonly code: number,
    readonly at: SourcePoint | undefined,
  ) {
    super(`process.exit(${code}) was called`);
  }
}

/** Called with each exit request while an evaluation runs; returns false to let the process really exit. */
let onExit: (request: ExitRequest) => boolean = () => false;
/** The evaluation asked to exit: in Node the process would be gone, so no later last-resort handler of it runs. */
let exitRequested = false;

/** A new evaluation: no exit asked for yet. */
export function resetExitRequest(): void {
  exitRequested = false;
}

/** Whether this evaluation asked to exit: under Node nothing it printed afterwards would have been printed. */
export function exitWasRequested(): boolean {
  return exitRequested;
}

export function handleExits(handler: (request: ExitRequest) => boolean): void {
  onExit = handler;
}

/** Called with what a module's own last-resort handler threw (an exit it asked for included). */
let onHandlerError: (error: unknown) => void = () => undefined;

export function handleHandlerErrors(handler: (error: unknown) => void): void {
  onHandlerError = handler;
}

const LAST_RESORT = new Set<string | symbol>(['uncaughtException', 'unhandledRejection']);

/** Installs the patches; returns the real `process.exit`, for the worker's own use. */
export function installSandbox(): (code?: number) => never {
  const realExit: (code?: number) => never = process.exit.bind(process);
  const exit = function exit(code?: number | string | null): never {
    const request = new ExitRequest(Number(code ?? process.exitCode ?? 0) || 0, captureCallSite(exit));
    if (onExit(request)) {
      exitRequested = true;
      throw request;
    }
    return realExit(code as number);
  };
  process.exit = exit;

  // Node emits these through `process.emit` and treats a listener's throw as fatal: each listener runs alone here,
  // so one that exits (or fails) ends the evaluation, not the worker. `rawListeners` keeps `once` wrappers working.
  const realEmit = process.emit.bind(process) as (event: string | symbol, ...args: unknown[]) => boolean;
  process.emit = function emit(this: NodeJS.Process, event: string | symbol, ...args: unknown[]): boolean {
    if (!LAST_RESORT.has(event)) return realEmit(event, ...args);
    // After an exit the process would be gone: a handler that exits again (and rejects on the way, as a logger to a
    // closed transport does) would otherwise run for every rejection it makes itself, forever.
    if (exitRequested) return true;
    const listeners = process.rawListeners(event) as Array<(...a: unknown[]) => unknown>;
    for (const listener of listeners) {
      try {
        listener.apply(process, args);
      } catch (error) {
        onHandlerError(error);
      }
    }
    return listeners.length > 0;
  } as typeof process.emit;

  return realExit;
}
