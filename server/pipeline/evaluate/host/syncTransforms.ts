/**
 * The host's end of a worker's synchronous transform channel: a pipe of its own beside the IPC channel (stdio fd 4),
 * one JSON request per line and one reply per line. A CommonJS `require()` of a TypeScript file runs on the worker's
 * main thread and must have the code before it returns, so the worker blocks on this pipe (worker/loader/
 * syncTransform.ts) while the host's esbuild answers; the IPC channel cannot be used, since a thread blocked in a read
 * receives no message. Requests come one at a time (the worker waits on each), so replies need no ordering.
 */
import type { Duplex } from 'node:stream';
import type { TransformReply, TransformRequest } from '../protocol';

/** Answers the transform requests that arrive on `channel` with `transform`, until it closes. */
export function serveSyncTransforms(channel: Duplex, transform: (request: TransformRequest) => Promise<TransformReply>): void {
  let buffered = '';
  channel.setEncoding('utf8');
  channel.on('error', () => undefined);
  channel.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      let request: TransformRequest;
      try {
        request = JSON.parse(line) as TransformRequest;
      } catch {
        continue;
      }
      void transform(request).then(
        (reply) => channel.writable && channel.write(`${JSON.stringify(reply)}\n`),
        (error: unknown) =>
          channel.writable &&
          channel.write(`${JSON.stringify({ type: 'transformed', id: request.id, failure: { reason: String(error) } } satisfies TransformReply)}\n`),
      );
    }
  });
}
