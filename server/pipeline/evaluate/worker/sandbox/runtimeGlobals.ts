/**
 * The globals of the runtime a file deploys to (evaluate/deployRuntime.ts), set for its evaluation and taken away
 * after it: code written for Cloudflare Workers meets the Workers global scope, and code written for a newer Node
 * meets that Node's globals, rather than a `ReferenceError` at load that would hide every tool of the file.
 *
 * Standard implementations where Node has one: `WebSocket` is Node's own (undici's, global from Node 22; this worker
 * starts with `--experimental-websocket` on older Nodes and keeps it aside), `crypto.subtle` is global already.
 * Documented stubs where Node has none, each reported once it is read: `WebSocketPair` (two sockets that accept,
 * send and close into nothing), `caches` (a cache that holds nothing), `HTMLRewriter` (passes responses through),
 * `scheduler.wait`, the Workers `navigator` (`userAgent` "Cloudflare-Workers"), `FixedLengthStream` and
 * `IdentityTransformStream` (TransformStreams). Methods newer Nodes add to built-ins (`Promise.withResolvers`) are
 * not: the realm stays this Node's, and a file that needs one is told which Node it needs (worker/newerNode.ts).
 */
import os from 'node:os';
import type { DeployRuntime } from '../../deployRuntime';

interface Provided {
  value: unknown;
  /** A stub, reported when read; a standard implementation is not. */
  stub: boolean;
}

/** Node's own WebSocket, taken off the global object at start on Nodes that do not make it global. */
let nodeWebSocket: unknown;
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/** At worker start, before the realm is captured: Node's WebSocket kept aside where this Node hides it by default. */
export function prepareRuntimeGlobals(): void {
  const global = globalThis as Record<string, unknown>;
  nodeWebSocket = global.WebSocket;
  if (NODE_MAJOR < 22 && 'WebSocket' in global) delete global.WebSocket;
}

/** The globals `runtime` has that this process lacks, set on the global object until `remove()`. */
export function installRuntimeGlobals(runtime: DeployRuntime): { remove(): void; stubsRead(): string[] } {
  const provided = new Map<string, Provided>();
  if (runtime.workers) for (const [name, value] of Object.entries(workersGlobals())) provided.set(name, value);
  const major = runtime.workers ? Infinity : (runtime.nodeMajor ?? 0);
  if (major >= 22 && nodeWebSocket) provided.set('WebSocket', { value: nodeWebSocket, stub: false });
  if (major >= 21 && !provided.has('navigator')) provided.set('navigator', { value: nodeNavigator(), stub: false });
  const global = globalThis as Record<string, unknown>;
  const read = new Set<string>();
  const set: string[] = [];
  const replaced: Array<[string, PropertyDescriptor]> = [];
  for (const [name, { value, stub }] of provided) {
    // Workers code reads the Workers navigator even where this Node has its own ("Cloudflare-Workers" is in what ships).
    const own = Object.getOwnPropertyDescriptor(global, name);
    if (own && !(runtime.workers && name === 'navigator' && own.configurable)) continue;
    if (own) replaced.push([name, own]);
    Object.defineProperty(global, name, {
      configurable: true,
      enumerable: false,
      get() {
        if (stub) read.add(name);
        return value;
      },
      // Code that sets it (a polyfill) owns it from then on.
      set(next: unknown) {
        Object.defineProperty(global, name, { configurable: true, writable: true, enumerable: false, value: next });
      },
    });
    set.push(name);
  }
  return {
    remove() {
      for (const name of set) delete global[name];
      for (const [name, descriptor] of replaced) Object.defineProperty(global, name, descriptor);
    },
    stubsRead: () => [...read].sort(),
  };
}

function workersGlobals(): Record<string, Provided> {
  const stub = (value: unknown): Provided => ({ value, stub: true });
  class StubSocket extends EventTarget {
    readyState = 1;
    accept(): void {}
    send(): void {}
    close(): void {
      this.readyState = 3;
    }
    serializeAttachment(): void {}
    deserializeAttachment(): null {
      return null;
    }
  }
  class WebSocketPair {
    0 = new StubSocket();
    1 = new StubSocket();
  }
  const cache = { match: () => Promise.resolve(undefined), put: () => Promise.resolve(undefined), delete: () => Promise.resolve(false) };
  class HTMLRewriter {
    on(): this {
      return this;
    }
    onDocument(): this {
      return this;
    }
    transform(response: unknown): unknown {
      return response;
    }
  }
  return {
    ...(nodeWebSocket ? { WebSocket: { value: nodeWebSocket, stub: false } } : {}),
    WebSocketPair: stub(WebSocketPair),
    caches: stub({ default: cache, open: () => Promise.resolve(cache) }),
    HTMLRewriter: stub(HTMLRewriter),
    scheduler: stub({ wait: (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)) }),
    navigator: stub({ userAgent: 'Cloudflare-Workers', language: 'en', languages: ['en'], hardwareConcurrency: 1, sendBeacon: () => true }),
    FixedLengthStream: stub(class FixedLengthStream extends TransformStream {}),
    IdentityTransformStream: stub(class IdentityTransformStream extends TransformStream {}),
  };
}

/** `navigator` as Node 21+ defines it. */
function nodeNavigator(): object {
  return {
    hardwareConcurrency: os.availableParallelism(),
    language: Intl.DateTimeFormat().resolvedOptions().locale,
    languages: [Intl.DateTimeFormat().resolvedOptions().locale],
    platform: process.platform,
    userAgent: `Node.js/${NODE_MAJOR}`,
  };
}
