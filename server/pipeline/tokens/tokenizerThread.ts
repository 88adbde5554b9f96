/**
 * Counting on the tokenizer's thread (thread/entry.ts), synchronously: the pipeline's stages are synchronous and a
 * count is microseconds, but loading the ranks blocked the front's thread for 0.3 to 0.4 s in every `check` and at
 * every editor start, while evaluation workers waited on it for their next job. The thread loads them from the
 * start; a count posts the texts and waits on a shared flag for the answer (`Atomics.wait`, which a thread may do
 * where an event loop would not be blocked for long). Where the thread cannot answer (no script beside the bundle,
 * as when running from source, or it failed), counting happens here as before, with the same result.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

export interface CountRequest {
  id: number;
  texts: string[];
}

export type CountReply = { id: number; counts: number[]; error?: undefined } | { id: number; counts?: undefined; error: string };

/** On the shared flag: the thread cannot count (its ranks did not load). */
export const CANNOT_COUNT = -1;

/** How long a count may wait for the thread before it counts here instead (the ranks load well within it). */
const ANSWER_WITHIN_MS = 20_000;

interface Running {
  worker: Worker;
  port: MessagePort;
  signal: Int32Array;
  nextId: number;
  failed: boolean;
}

let running: Running | undefined;

/** Starts the tokenizer's thread from `dist/tokenizer.js` beside the bundle; false where there is none. */
export function startTokenizerThread(script = path.join(__dirname, 'tokenizer.js')): boolean {
  if (running) return !running.failed;
  if (!fs.existsSync(script)) return false;
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(script, { workerData: { port: port2, signal }, transferList: [port2] });
  // Never what keeps a process alive: a CLI exits when its work is done.
  worker.unref();
  port1.unref();
  const state: Running = { worker, port: port1, signal, nextId: 1, failed: false };
  worker.on('error', () => (state.failed = true));
  worker.on('exit', () => (state.failed = true));
  running = state;
  return true;
}

/** Counts on the thread; undefined when it cannot (the caller counts itself). */
export function countOnThread(texts: string[]): number[] | undefined {
  const state = running;
  if (!state || state.failed) return undefined;
  const id = state.nextId++;
  state.port.postMessage({ id, texts } satisfies CountRequest);
  const deadline = performance.now() + ANSWER_WITHIN_MS;
  for (;;) {
    const received = receiveMessageOnPort(state.port);
    if (received) {
      const reply = received.message as CountReply;
      if (reply.id !== id) continue;
      return reply.counts;
    }
    const left = deadline - performance.now();
    if (left <= 0 || Atomics.load(state.signal, 0) === CANNOT_COUNT) break;
    Atomics.wait(state.signal, 0, Atomics.load(state.signal, 0), Math.min(left, 1000));
  }
  // No answer: whatever happened to the thread, counting goes on here.
  state.failed = true;
  void state.worker.terminate();
  return undefined;
}

/** Ends the thread (tests; a process's exit ends it anyway). */
export function stopTokenizerThread(): Promise<void> {
  const state = running;
  running = undefined;
  return state ? state.worker.terminate().then(() => undefined) : Promise.resolve();
}
