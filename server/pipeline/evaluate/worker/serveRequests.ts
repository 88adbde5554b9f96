/**
 * Inside the worker: a server built per request registers nothing at load. A Worker (`export default { fetch }`), a
 * Hono or itty app (`app.fetch`), a Next.js route handler (`export async function POST(request)`) or an
 * `mcp-handler` route builds its server and registers its tools when a client's request arrives, from a factory no
 * start calls. When a module's run recorded no tool, each such handler it exports gets what a client sends first:
 * an MCP `initialize` POSTed to `/mcp` (then `/sse`, then `/`), with a forgiving placeholder for the Worker's
 * bindings. The server the handler builds is a recording one, so its registrations are recorded where they are made;
 * its response is not waited for (the recording server answers nothing), only what the request started.
 */
import type { RecordingSession } from './recorders/session';
import { placeholder } from './callFactories';

type Handler = (request: Request, env?: unknown, ctx?: unknown) => unknown;

const ROUTES = ['/mcp', '/sse', '/'];
const PROTOCOL_VERSION = '2025-06-18';

/** The request handlers `ns` exports, each with what to call it on: a Worker's or an app's `fetch`, a route's `POST`. */
function handlersOf(ns: Record<string, unknown> | undefined): Handler[] {
  if (!ns) return [];
  const out: Handler[] = [];
  const fetchOf = (value: unknown): Handler | undefined => {
    const fetch = (value as { fetch?: unknown } | null | undefined)?.fetch;
    return typeof fetch === 'function' ? (fetch as Handler).bind(value) : undefined;
  };
  for (const value of [ns.default, ns.app, ns.worker, ns.handler]) {
    const handler = fetchOf(value);
    if (handler) out.push(handler);
  }
  for (const name of ['POST', 'fetch']) if (typeof ns[name] === 'function') out.push(ns[name] as Handler);
  return out;
}

/**
 * A client's `initialize`, as a runtime hands it to a handler: with its `Host` header, which a Request built in Node
 * drops (a forbidden header of fetch) and which DNS-rebinding checks read.
 */
function initializeRequest(route: string): Request {
  const url = `http://localhost:8787${route}`;
  const headers = {
    host: 'localhost:8787',
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': PROTOCOL_VERSION,
  };
  const request = new Request(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'tool-schema-lens', version: '0' } },
    }),
  });
  const withHost = new Headers(headers);
  return new Proxy(request, {
    get(target, key) {
      if (key === 'headers') return withHost;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Sends each exported handler a client's first request while the session records nothing; returns how many were served. */
export async function serveRequests(ns: Record<string, unknown> | undefined, session: RecordingSession, settle: () => Promise<void>): Promise<number> {
  if (session.recordings.length > 0) return 0;
  const handlers = handlersOf(ns);
  let served = 0;
  for (const handler of handlers) {
    for (const route of ROUTES) {
      const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} };
      let pending: Promise<unknown> = Promise.resolve();
      try {
        pending = Promise.resolve(handler(initializeRequest(route), placeholder(), ctx)).catch(() => undefined);
      } catch {
        // A handler that throws on this route: the next one.
      }
      // Its answer is waited for no longer than what the request started takes to settle: a recording server
      // answers nothing, so a handler that awaits its response would wait for ever.
      await Promise.race([pending, settle()]);
      await settle();
      served++;
      if (session.recordings.length > 0) return served;
    }
  }
  return served;
}
