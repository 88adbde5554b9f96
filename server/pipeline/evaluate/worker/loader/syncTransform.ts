/**
 * The worker's end of its synchronous transform channel (host/syncTransforms.ts): a CommonJS `require()` of a
 * TypeScript file must have its code before it returns, so the main thread writes the request to its own pipe and
 * blocks reading the reply. The IPC channel cannot carry it: a thread blocked in a read receives no message. The
 * host answers from esbuild independently of this thread, so the wait always ends (or the pipe closes with the host).
 */
import fs from 'node:fs';
import { SYNC_TRANSFORM_FD, type TransformReply, type TransformRequest } from './protocol';

// Taken before any user code runs: what user code patches of `fs` is not our channel.
const { readSync, writeSync } = fs;
const pause = new Int32Array(new SharedArrayBuffer(4));
let ids = 0;

/** The host's transform of `request`, waited for on this thread. A channel that is not there is a failure, never a throw. */
export function transformSync(request: Omit<TransformRequest, 'type' | 'id'>): TransformReply {
  const id = ++ids;
  try {
    const line = Buffer.from(`${JSON.stringify({ type: 'transform', id, ...request })}\n`);
    for (let offset = 0; offset < line.length;) offset += retrying(() => writeSync(SYNC_TRANSFORM_FD, line, offset));
    const chunks: Buffer[] = [];
    const buffer = Buffer.allocUnsafe(1 << 16);
    for (;;) {
      const n = retrying(() => readSync(SYNC_TRANSFORM_FD, buffer, 0, buffer.length, null));
      if (n === 0) return { type: 'transformed', id, failure: { reason: 'the check ended while this file was being transformed' } };
      chunks.push(Buffer.from(buffer.subarray(0, n)));
      // One request at a time: the reply is the only line, so its newline is the last byte read.
      if (buffer[n - 1] === 10) break;
    }
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as TransformReply;
  } catch (error) {
    return { type: 'transformed', id, failure: { reason: `this file could not be transformed for require(): ${(error as Error).message}` } };
  }
}

/** A non-blocking end of the pipe answers EAGAIN until there is room or data: waited out a millisecond at a time. */
function retrying(io: () => number): number {
  for (;;) {
    try {
      return io();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}
