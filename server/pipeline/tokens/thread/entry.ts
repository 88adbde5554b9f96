/**
 * The tokenizer's thread (dist/tokenizer.js): it loads the ranks (a few hundred milliseconds of building maps) while
 * the front's thread discovers and answers the evaluation workers, then counts what it is asked. The front waits on
 * the answer synchronously (../tokenizerThread.ts): a count is microseconds, a load off its thread is what matters.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import { countTokensHere } from '../tokenizer';
import { CANNOT_COUNT, type CountReply, type CountRequest } from '../tokenizerThread';

const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };

// Loaded before the first request arrives: that is the point of the thread. Ranks that cannot load are said on the
// flag, so a count waiting on it counts on its own thread at once.
try {
  countTokensHere('');
} catch (error) {
  Atomics.store(signal, 0, CANNOT_COUNT);
  Atomics.notify(signal, 0);
  throw error;
}

port.on('message', (request: CountRequest) => {
  let reply: CountReply;
  try {
    reply = { id: request.id, counts: request.texts.map(countTokensHere) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
  Atomics.store(signal, 0, request.id);
  Atomics.notify(signal, 0);
});
