/**
 * McpServer (MCP TypeScript SDK 1.x `server/mcp.js`, and `@modelcontextprotocol/server` 2.x): a subclass of
 * the workspace's real class whose `tool` / `registerTool` let the real SDK build the input schema (raw
 * shapes included), then record what it stored. `connect` never starts a transport.
 */
import { captureCallSite } from './callSite';
import { currentSession, type RecordingSession } from './session';
import { identify, identityOf } from './serverIdentity';

type AnyClass = new (...args: any[]) => any;
interface RegisteredTools {
  _registeredTools?: Record<string, { inputSchema?: unknown }>;
}

const recordingClasses = new WeakMap<AnyClass, WeakMap<RecordingSession, AnyClass>>();

/**
 * The real server builds an Ajv instance (~3 ms, once per server: a file each in many workspaces) to check
 * elicitation answers; a recording server never talks to a client, so it gets a validator never asked.
 */
const NEVER_ASKED_VALIDATOR = { getValidator: () => () => ({ valid: true, data: undefined, errorMessage: undefined }) };

/** What the caller passed as the input, for an SDK that does not keep `_registeredTools`. */
function passedInput(method: 'tool' | 'registerTool', args: unknown[]): unknown {
  if (method === 'registerTool') return (args[1] as { inputSchema?: unknown } | undefined)?.inputSchema;
  return args.slice(1, -1).find((a) => a !== null && typeof a === 'object');
}

/** Calls the real registration, allowing a duplicate name through so the probe can report it. */
function registerThrough(server: RegisteredTools, method: 'tool' | 'registerTool', args: unknown[], register: () => unknown): { result: unknown; input: unknown } {
  const tools = server._registeredTools;
  const key = typeof args[0] === 'string' ? args[0] : undefined;
  const previous = tools && key !== undefined ? tools[key] : undefined;
  if (previous && key !== undefined) delete tools![key];
  try {
    const result = register();
    // What the SDK stored is what it advertises: a raw shape already turned into its object.
    const stored = key !== undefined ? tools?.[key] : undefined;
    return { result, input: stored ? stored.inputSchema : passedInput(method, args) };
  } finally {
    // The first registration stays the live one, as in the real server (which would have thrown).
    if (previous && key !== undefined) tools![key] = previous;
  }
}

export function recordingMcpServer(Real: AnyClass, session: RecordingSession = currentSession()): AnyClass {
  let perSession = recordingClasses.get(Real);
  if (!perSession) recordingClasses.set(Real, (perSession = new WeakMap()));
  const cached = perSession.get(session);
  if (cached) return cached;

  class RecordingMcpServer extends Real {
    constructor(...args: any[]) {
      const [info, options, ...rest] = args;
      // The user's own options (a validator included) win.
      super(info, { jsonSchemaValidator: NEVER_ASKED_VALIDATOR, ...(options && typeof options === 'object' ? options : {}) }, ...rest);
      identify(this, info, captureCallSite(RecordingMcpServer));
      session.noteReach();
    }

    tool(...args: unknown[]): unknown {
      const callSite = captureCallSite(RecordingMcpServer.prototype.tool);
      const { result, input } = registerThrough(this as RegisteredTools, 'tool', args, () => super.tool(...args));
      session.record({ sdk: 'mcp', name: String(args[0]), input, callSite, server: identityOf(this) });
      return result;
    }

    registerTool(...args: unknown[]): unknown {
      const callSite = captureCallSite(RecordingMcpServer.prototype.registerTool);
      const { result, input } = registerThrough(this as RegisteredTools, 'registerTool', args, () => super.registerTool(...args));
      session.record({ sdk: 'mcp', name: String(args[0]), input, callSite, server: identityOf(this) });
      return result;
    }

    async connect(): Promise<void> {}
  }
  if (typeof Real.prototype.tool !== 'function') delete (RecordingMcpServer.prototype as { tool?: unknown }).tool;
  Object.defineProperty(RecordingMcpServer, 'name', { value: Real.name });
  perSession.set(session, RecordingMcpServer);
  return RecordingMcpServer;
}

/** The shim's replacement exports for an McpServer module. */
export function mcpRecorder(real: { McpServer: AnyClass }): { McpServer: AnyClass } {
  const session = currentSession();
  if (typeof real.McpServer === 'function') session.serverClass ??= real.McpServer;
  return { McpServer: recordingMcpServer(real.McpServer, session) };
}

/** `createMcpHandler(initializeServer, ...)`: runs `initializeServer` with a recording server at creation. */
export function mcpHandlerRecorder(real: { createMcpHandler: (...args: any[]) => unknown }, server?: { McpServer?: AnyClass }) {
  const session = currentSession();
  const createMcpHandler = function createMcpHandler(this: unknown, ...args: any[]) {
    const [initializeServer] = args;
    const Server = server?.McpServer;
    if (typeof initializeServer === 'function' && Server) {
      const Recording = recordingMcpServer(Server, session);
      const instance = new Recording({ name: 'mcp-handler', version: '0.0.0' });
      session.track(initializeServer(instance));
    }
    return real.createMcpHandler.apply(this, args);
  };
  return { createMcpHandler };
}
