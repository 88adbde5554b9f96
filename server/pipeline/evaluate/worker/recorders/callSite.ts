/**
 * The user-code frame that made a registration call (or threw, or exited): the first stack frame outside
 * the worker and node's internals, as the bundle's source map places it (the worker enables them), 0-based.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SourcePoint } from '../../../types';

const FRAME = /\(?((?:file:\/\/|\/|[A-Za-z]:[\\/]|[\w-]+:)[^()]*?):(\d+):(\d+)\)?\s*$/;

/** Files whose frames are never the user's: this worker's scripts (and its loader hooks beside it), node's internals, the SDK shims. */
function isOurs(file: string, workerFile: string): boolean {
  return file === workerFile || (workerDir !== '' && file.startsWith(workerDir)) || file.startsWith('node:') || file.includes('tool-schema-lens-');
}

export function parseFrame(line: string): SourcePoint | undefined {
  const match = FRAME.exec(line.trim());
  if (!match) return undefined;
  let file = match[1];
  if (file.startsWith('file://')) file = fileURLToPath(file);
  return { file, line: Number(match[2]) - 1, character: Number(match[3]) - 1 };
}

/**
 * The files of the frames above `below`, unmapped: which file each frame runs in, without formatting the stack
 * through source maps (the worker enables them, and the env watch asked once per unset read). For the
 * questions a file answers (user code or a package?), never for a position.
 */
export function callerFiles(limit: number, below: (...args: never[]) => unknown): string[] {
  const previousLimit = Error.stackTraceLimit;
  const previousPrepare = Error.prepareStackTrace;
  Error.stackTraceLimit = limit;
  Error.prepareStackTrace = (_error, frames) => frames;
  try {
    const holder: { stack?: unknown } = {};
    Error.captureStackTrace(holder, below);
    const frames = holder.stack as NodeJS.CallSite[];
    return frames.map((f) => {
      const name = f.getFileName() ?? '';
      return name.startsWith('file://') ? fileURLToPath(name) : name;
    });
  } finally {
    Error.prepareStackTrace = previousPrepare;
    Error.stackTraceLimit = previousLimit;
  }
}

/** The frames of an error's stack, parsed, in order. */
export function framesOf(stack: string | undefined): SourcePoint[] {
  if (!stack) return [];
  // Node prints a source-mapped file URL as a decoded path: a newline in a file name splits its frame across
  // lines. Once the frames have begun, a line that does not start a frame continues the one before.
  const lines: string[] = [];
  for (const line of stack.split('\n')) {
    if (line.trimStart().startsWith('at ')) lines.push(line);
    else if (lines.length > 0) lines[lines.length - 1] += `\n${line}`;
  }
  const frames: SourcePoint[] = [];
  for (const line of lines) {
    const frame = parseFrame(line);
    if (frame) frames.push(frame);
  }
  return frames;
}

const workerFile = process.argv[1] ?? '';
const workerDir = workerFile ? path.dirname(workerFile) + path.sep : '';

/** The first frame of `frames` that is user code; node_modules frames only when there is nothing else. */
export function userFrame(frames: SourcePoint[]): SourcePoint | undefined {
  const candidates = frames.filter((f) => !isOurs(f.file, workerFile));
  return candidates.find((f) => !/[\\/]node_modules[\\/]/.test(f.file)) ?? candidates[0];
}

/** Where the code that called `callee` (a recorder's wrapper the user calls) is. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export function captureCallSite(callee: Function): SourcePoint | undefined {
  const previous = Error.stackTraceLimit;
  Error.stackTraceLimit = 20;
  const holder: { stack?: string } = {};
  // Frames from `callee` inward are dropped, so the first frame left is the caller's.
  Error.captureStackTrace(holder, callee);
  Error.stackTraceLimit = previous;
  return userFrame(framesOf(holder.stack));
}

/** Every user frame of the current stack (innermost first), deep enough to reach a factory that called in. */
export function stackHere(): SourcePoint[] {
  const previous = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, stackHere);
  Error.stackTraceLimit = previous;
  return framesOf(holder.stack).filter((f) => !isOurs(f.file, workerFile));
}

/** The frames of a captured stack that are not ours (user code and packages), innermost first. */
export function foreignFrames(stack: string | undefined): SourcePoint[] {
  return framesOf(stack).filter((f) => !isOurs(f.file, workerFile));
}

/** The user frames of a captured stack (innermost first): none of ours, none of node's, none in packages. */
export function userFrames(stack: string | undefined): SourcePoint[] {
  return framesOf(stack).filter((f) => !isOurs(f.file, workerFile) && !/[\\/]node_modules[\\/]/.test(f.file));
}
