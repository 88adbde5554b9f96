/**
 * What a recorded MCP server is connected to: nothing that answers. A real run's `server.connect(transport)`
 * is followed by code that uses the connection (a log notification, `sendToolListChanged`); with no transport the
 * SDK throws "Not connected" there and the start fails where the real one would not. The sink takes every message
 * and sends none back. It is detached before the worker takes the server's `tools/list` over its own transport.
 */

interface ProtocolLike {
  _transport?: unknown;
}

const SINK = Object.freeze({
  async start(): Promise<void> {},
  async send(): Promise<void> {},
  async close(): Promise<void> {},
  sessionId: undefined,
});

/** Connects the SDK's inner server to the sink, unless it already has a transport. */
export function attachSink(protocol: unknown): void {
  const p = protocol as ProtocolLike | undefined;
  if (p && typeof p === 'object' && p._transport === undefined) p._transport = SINK;
}

/** Disconnects the sink (and only the sink), so the server can be connected to a real transport. */
export function detachSink(protocol: unknown): void {
  const p = protocol as ProtocolLike | undefined;
  if (p && typeof p === 'object' && p._transport === SINK) p._transport = undefined;
}
