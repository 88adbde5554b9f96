/**
 * What the worker changes in its own process before user code runs: `process.exit` ends the evaluation (with its
 * code) instead of the worker. (The network, listening included, is network.ts's.)
 */
import { captureCallSite } from './recorders/callSite';
import type { SourcePoint } from '../../types';

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

export function handleExits(handler: (request: ExitRequest) => boolean): void {
  onExit = handler;
}

/** Installs the patches; returns the real `process.exit`, for the worker's own use. */
export function installSandbox(): (code?: number) => never {
  const realExit: (code?: number) => never = process.exit.bind(process);
  const exit = function exit(code?: number | string | null): never {
    const request = new ExitRequest(Number(code ?? process.exitCode ?? 0) || 0, captureCallSite(exit));
    if (onExit(request)) throw request;
    return realExit(code as number);
  };
  process.exit = exit;

  return realExit;
}
