/**
 * The MCP TypeScript SDK 1.x (`@modelcontextprotocol/sdk`). Its `McpServer` registers tools with
 * `tool(name, [description], [shape], [annotations], cb)` and `registerTool(name, { inputSchema }, cb)`.
 * The recorder is a subclass of the workspace's real class whose `tool` / `registerTool` let the real SDK
 * build the input schema (raw shapes included), then record what it stored; `connect` never starts a
 * transport. `@modelcontextprotocol/server` 2.x and `mcp-handler` reuse the class and the recording server.
 */
import { captureCallSite } from '../evaluate/worker/recorders/callSite';
import { currentSession, type RecordingSession } from '../evaluate/worker/recorders/session';
import { defineLibrary, type ServerClass } from './library';

/** The registering methods of an `McpServer`, 1.x and 2.x. */
export const MCP_SERVER: ServerClass = {
  methods: {
    tool: { form: 'positional' },
    registerTool: { form: 'nameThenConfig', schemaKey: 'inputSchema' },
  },
};
import { identify, identityOf } from '../evaluate/worker/recorders/serverIdentity';
import { attachSink } from '../evaluate/worker/recorders/sinkTransport';

type AnyClass = new (...args: any[]) => any;
interface RegisteredTools {
  _registeredTools?: Record<string, { inputSchema?: unknown; description?: unknown; outputSchema?: unknown }>;
}

/** Marks an `experimental.tasks` whose `registerToolTask` records. */
const TASKS_RECORDED = Symbol('tool-schema-lens.tasks-recorded');

/** The accessor `key` has on `proto` or a prototype above it. */
function accessorOf(proto: object | null, key: string): PropertyDescriptor | undefined {
  for (let p = proto; p && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(p, key);
    if (descriptor) return descriptor;
  }
  return undefined;
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

/** The description the caller passed: `registerTool(name, { description })`, `tool(name, description, ...)`. */
function passedDescription(method: 'tool' | 'registerTool', args: unknown[]): unknown {
  if (method === 'registerTool') return (args[1] as { description?: unknown } | undefined)?.description;
  return args.length > 2 && typeof args[1] === 'string' ? args[1] : undefined;
}

/** Calls the real registration, allowing a duplicate name through so the probe can report it. */
function registerThrough(
  server: RegisteredTools,
  method: 'tool' | 'registerTool',
  args: unknown[],
  register: () => unknown,
): { result: unknown; input: unknown; description?: string; output?: unknown } {
  const tools = server._registeredTools;
  const key = typeof args[0] === 'string' ? args[0] : undefined;
  const previous = tools && key !== undefined ? tools[key] : undefined;
  if (previous && key !== undefined) delete tools![key];
  try {
    const result = register();
    // What the SDK stored is what it advertises: a raw shape already turned into its object.
    const stored = key !== undefined ? tools?.[key] : undefined;
    const description = stored ? stored.description : passedDescription(method, args);
    return {
      result,
      input: stored ? stored.inputSchema : passedInput(method, args),
      description: typeof description === 'string' ? description : undefined,
      output: stored?.outputSchema ?? undefined,
    };
  } finally {
    // The first registration stays the live one, as in the real server (which would have thrown).
    if (previous && key !== undefined) tools![key] = previous;
  }
}

/** A recording subclass of a real `McpServer` class, one per class and session. */
export function recordingMcpServer(Real: AnyClass, module: string | undefined, session: RecordingSession = currentSession()): AnyClass {
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
      if (module && session.open) session.mcpServers.push({ instance: this, Real, module });
    }

    tool(...args: unknown[]): unknown {
      const callSite = captureCallSite(RecordingMcpServer.prototype.tool);
      const { result, input, description } = registerThrough(this as RegisteredTools, 'tool', args, () => super.tool(...args));
      session.record({
        sdk: 'mcp',
        name: String(args[0]),
        input,
        description,
        callSite,
        server: identityOf(this),
        mcpServer: module ? { instance: this, Real, module } : undefined,
      });
      return result;
    }

    registerTool(...args: unknown[]): unknown {
      const callSite = captureCallSite(RecordingMcpServer.prototype.registerTool);
      const { result, input, description, output } = registerThrough(this as RegisteredTools, 'registerTool', args, () => super.registerTool(...args));
      session.record({
        sdk: 'mcp',
        name: String(args[0]),
        input,
        description,
        output,
        callSite,
        server: identityOf(this),
        mcpServer: module ? { instance: this, Real, module } : undefined,
      });
      return result;
    }

    /** `experimental.tasks.registerToolTask` (1.x): a task tool is listed like any other, so it is recorded like one. */
    get experimental(): unknown {
      const real = super.experimental as { tasks?: Record<string | symbol, unknown> } | undefined;
      const tasks = real?.tasks;
      if (!tasks || typeof tasks.registerToolTask !== 'function' || tasks[TASKS_RECORDED]) return real;
      const register = tasks.registerToolTask as (...args: unknown[]) => unknown;
      tasks[TASKS_RECORDED] = true;
      const registerToolTask = (...args: unknown[]): unknown => {
        const callSite = captureCallSite(registerToolTask);
        const { result, input, description, output } = registerThrough(this as RegisteredTools, 'registerTool', args, () => register.apply(tasks, args));
        session.record({
          sdk: 'mcp',
          name: String(args[0]),
          input,
          description,
          output,
          callSite,
          server: identityOf(this),
          mcpServer: module ? { instance: this, Real, module } : undefined,
        });
        return result;
      };
      tasks.registerToolTask = registerToolTask;
      return real;
    }

    /** Connected to nothing that answers (recorders/sinkTransport.ts): what it sends after connecting goes nowhere. */
    connect(): Promise<void> {
      attachSink((this as { server?: unknown }).server);
      return Promise.resolve();
    }
  }
  if (typeof Real.prototype.tool !== 'function') delete (RecordingMcpServer.prototype as { tool?: unknown }).tool;
  // Only over the real class's own getter: a class that sets `experimental` as a field must keep doing so.
  if (!accessorOf(Real.prototype, 'experimental')?.get) delete (RecordingMcpServer.prototype as { experimental?: unknown }).experimental;
  Object.defineProperty(RecordingMcpServer, 'name', { value: Real.name });
  perSession.set(session, RecordingMcpServer);
  return RecordingMcpServer;
}

/** The shim's replacement exports for an McpServer module. */
export function mcpRecorder(real: { McpServer: AnyClass }, _server?: unknown, hrefs?: { real?: string }): { McpServer: AnyClass } {
  const session = currentSession();
  if (typeof real.McpServer === 'function' && !session.serverClass) {
    session.serverClass = real.McpServer;
    session.serverModule = hrefs?.real;
  }
  return { McpServer: recordingMcpServer(real.McpServer, hrefs?.real, session) };
}

export const mcpSdk = defineLibrary({
  id: 'mcp',
  sdk: 'mcp',
  names: { package: '@modelcontextprotocol/sdk' },
  specifiers: ['@modelcontextprotocol/sdk*'],
  mentions: ['@modelcontextprotocol/sdk'],
  exports: { McpServer: { kind: 'server', server: MCP_SERVER } },
  shim: { entries: ['@modelcontextprotocol/sdk/server/mcp.js', '@modelcontextprotocol/sdk/server/mcp'], exports: ['McpServer'] },
  recorder: mcpRecorder,
});
