/**
 * Inside the worker: each evaluation reads a `process.stdin` of its own, empty and ended once read, as the worker's
 * /dev/null is. With the one real stdin shared, a stdio server evaluated earlier (its transport reads stdin) left it
 * ended: a later module that reads its input to the end then waited until the no-progress limit, twice, and an
 * earlier module's `end` listener could fire inside a later evaluation. The stand-in holds no handle.
 */
import { Readable } from 'node:stream';

let current: Readable | undefined;

export function installEvaluationInput(): void {
  Object.defineProperty(process, 'stdin', { configurable: true, enumerable: true, get: () => (current ??= emptyInput()) });
}

/** The next evaluation's stdin is a new one; what listens on the last one never hears from it again. */
export function freshEvaluationInput(): void {
  current = undefined;
}

function emptyInput(): Readable {
  return new Readable({
    read() {
      this.push(null);
    },
  });
}
