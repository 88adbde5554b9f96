/**
 * The base protocol's framing, checked before vscode-jsonrpc reads it. Its reader, handed a header it cannot
 * parse (no or a non-numeric Content-Length, a line without a colon) or a length it will never receive, reports an
 * error and then waits forever: the server stays alive but never answers again, and the client has no reason to
 * restart it. Here every header is validated as it arrives and a broken frame ends the input with an error, so
 * the server exits (non-zero) and the client restarts it. Well-framed bytes pass through unchanged.
 */
import { Transform, type Readable } from 'node:stream';

/** Larger than any document an editor sends; a length beyond it is a corrupt header, not a message. */
export const MAX_CONTENT_LENGTH = 256 * 1024 * 1024;
/** A header block longer than this has lost its `\r\n\r\n`. */
const MAX_HEADER_BYTES = 16 * 1024;
const SEPARATOR = Buffer.from('\r\n\r\n');

export class FrameError extends Error {}

export class FrameGuard extends Transform {
  private header = Buffer.alloc(0);
  /** Body bytes still to pass through before the next header. */
  private bodyLeft = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    try {
      this.frame(chunk);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  private frame(chunk: Buffer): void {
    while (chunk.length > 0) {
      if (this.bodyLeft > 0) {
        const body = chunk.subarray(0, this.bodyLeft);
        this.push(body);
        this.bodyLeft -= body.length;
        chunk = chunk.subarray(body.length);
        continue;
      }
      const buffered = Buffer.concat([this.header, chunk]);
      const end = buffered.indexOf(SEPARATOR);
      if (end < 0) {
        if (buffered.length > MAX_HEADER_BYTES) throw new FrameError('a message header without its terminating blank line');
        this.header = buffered;
        return;
      }
      this.bodyLeft = contentLength(buffered.subarray(0, end).toString('ascii'));
      this.push(buffered.subarray(0, end + SEPARATOR.length));
      this.header = Buffer.alloc(0);
      chunk = buffered.subarray(end + SEPARATOR.length);
    }
  }
}

function contentLength(header: string): number {
  let length: number | undefined;
  for (const line of header.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new FrameError(`a malformed message header line: ${JSON.stringify(line.slice(0, 80))}`);
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    if (!/^\d+$/.test(value)) throw new FrameError(`a Content-Length that is not a number: ${JSON.stringify(value.slice(0, 40))}`);
    length = Number(value);
  }
  if (length === undefined) throw new FrameError('a message header without Content-Length');
  if (length > MAX_CONTENT_LENGTH) throw new FrameError(`a Content-Length of ${length} bytes, over the ${MAX_CONTENT_LENGTH}-byte limit`);
  return length;
}

/** `input` through the guard; `onBroken` is told why when a frame is malformed (the stream then ends). */
export function guardFrames(input: Readable, onBroken: (reason: string) => void): Readable {
  const guard = new FrameGuard();
  guard.on('error', (error) => onBroken(error.message));
  return input.pipe(guard);
}
