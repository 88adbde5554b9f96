/**
 * The user-code frame that made a registration call (or threw, or exited): the first stack frame outside
 * the worker and node's internals, as the bundle's source map places it (the worker enables them), 0-based.
 */
import { findSourceMap, type SourceMapping } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SourcePoint } from '../../contract';

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
export function userFrame(frames: Iterable<SourcePoint>): SourcePoint | undefined {
  let first: SourcePoint | undefined;
  for (const f of frames) {
    if (isOurs(f.file, workerFile)) continue;
    if (!/[\\/]node_modules[\\/]/.test(f.file)) return f;
    first ??= f;
  }
  return first;
}

/** Where the code that called `callee` (a recorder's wrapper the user calls) is. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export function captureCallSite(callee: Function): SourcePoint | undefined {
  // Frames from `callee` inward are dropped, so the first frame left is the caller's.
  return userFrame(placedFrames(captured(20, callee)));
}

/**
 * The frames of a stack `Error.captureStackTrace` put in `holder`, innermost first, each placed through its module's
 * source map as it is reached. V8 formats a captured stack when it is first read; read here as call sites, only the
 * frames a caller looks at are mapped, where Node's formatting maps and prints every frame (most of the cost of a
 * registration's site). A stack already read as text is parsed.
 */
export function* placedFrames(holder: { stack?: unknown }): Generator<SourcePoint> {
  const previousPrepare = Error.prepareStackTrace;
  Error.prepareStackTrace = (_error, sites) => sites;
  let stack: unknown;
  try {
    stack = holder.stack;
  } finally {
    Error.prepareStackTrace = previousPrepare;
  }
  if (!Array.isArray(stack)) {
    yield* framesOf(typeof stack === 'string' ? stack : undefined);
    return;
  }
  for (const site of stack as NodeJS.CallSite[]) {
    const point = placeOf(site);
    if (point) yield point;
  }
}

/** Where a call site is in source, 0-based, as Node's source-mapped stack prints it. */
function placeOf(site: NodeJS.CallSite): SourcePoint | undefined {
  const name = site.getFileName();
  const line = site.getLineNumber();
  const column = site.getColumnNumber();
  if (!name || line === null || column === null) return undefined;
  // `{}` where the map has no entry for the position: the generated position stands, as in Node's own stacks.
  const entry: Partial<SourceMapping> | undefined = sourceMapOf(name)?.findEntry(line - 1, column - 1);
  if (entry?.originalSource && entry.originalLine !== undefined && entry.originalColumn !== undefined) {
    return { file: asPath(entry.originalSource), line: entry.originalLine, character: entry.originalColumn };
  }
  return { file: asPath(name), line: line - 1, character: column - 1 };
}

function sourceMapOf(name: string): ReturnType<typeof findSourceMap> | undefined {
  if (name.startsWith('node:')) return undefined;
  try {
    return findSourceMap(name);
  } catch {
    return undefined;
  }
}

function asPath(name: string): string {
  return name.startsWith('file://') ? fileURLToPath(name) : name;
}

/** Deep enough to reach a factory that called in. */
const DEEP = 60;

/** Every user frame of the current stack (innermost first), deep enough to reach a factory that called in. */
export function stackHere(): SourcePoint[] {
  return [...placedFrames(captured(DEEP, stackHere))].filter((f) => !isOurs(f.file, workerFile));
}

/** `userFrame(stackHere())`, placing only the frames up to the one it returns. */
export function userFrameHere(): SourcePoint | undefined {
  return userFrame(placedFrames(captured(DEEP, userFrameHere)));
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
function captured(limit: number, below: Function): { stack?: unknown } {
  const previous = Error.stackTraceLimit;
  Error.stackTraceLimit = limit;
  const holder: { stack?: unknown } = {};
  Error.captureStackTrace(holder, below);
  Error.stackTraceLimit = previous;
  return holder;
}

/** The frames of a captured stack that are not ours (user code and packages), innermost first. */
export function foreignFrames(stack: string | undefined): SourcePoint[] {
  return framesOf(stack).filter((f) => !isOurs(f.file, workerFile));
}

/** The user frames of a captured stack (innermost first): none of ours, none of node's, none in packages. */
export function userFrames(stack: string | undefined): SourcePoint[] {
  return framesOf(stack).filter((f) => !isOurs(f.file, workerFile) && !/[\\/]node_modules[\\/]/.test(f.file));
}
