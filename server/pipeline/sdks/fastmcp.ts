/**
 * FastMCP: `new FastMCP(...)` registers with `addTool({ name, parameters })` (and `addTools([...])`). The
 * recorder is a subclass of the workspace's real class whose `addTool` / `addTools` record the tool's
 * `parameters`; `start` never starts a transport.
 */
import { captureCallSite } from '../evaluate/worker/recorders/callSite';
import { currentSession, descriptionOf } from '../evaluate/worker/recorders/session';
import { loadBeside, resolveBeside } from '../evaluate/worker/shipped/loadBeside';
import { clientKit, listThrough } from '../evaluate/worker/shipped/mcpTools';
import { defineLibrary, type RecorderHrefs, type ServerClass } from './library';
import { identify, identityOf } from '../evaluate/worker/recorders/serverIdentity';

type AnyClass = new (...args: any[]) => any;
interface FastMcpTool {
  name?: unknown;
  description?: unknown;
  parameters?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
}

/** A logger that keeps a session's chatter out of the worker's output. */
const SILENT = { debug() {}, error() {}, info() {}, log() {}, warn() {} };

/**
 * The tool as a real MCP client lists it from fastmcp's own session: a `FastMCPSession` holding only this tool,
 * connected over the SDK's `InMemoryTransport` to a `Client` of the SDK fastmcp serves with. Undefined when this
 * fastmcp has no such session (then its conversion is called as its handler would).
 */
async function listFromSession(hrefs: RecorderHrefs | undefined, tool: FastMcpTool): Promise<Record<string, unknown> | undefined> {
  const fast = await loadBeside(hrefs?.real, 'fastmcp');
  const serverModule = resolveBeside(hrefs?.real, '@modelcontextprotocol/sdk/server/mcp.js');
  const Session = fast?.FastMCPSession as AnyClass | undefined;
  const kit = serverModule ? await clientKit(serverModule) : undefined;
  if (!Session || !kit?.Client) return undefined;
  const session = new Session({
    logger: SILENT,
    name: 'tool-schema-lens',
    version: '0.0.0',
    ping: { enabled: false },
    roots: { enabled: false },
    prompts: [],
    resources: [],
    resourcesTemplates: [],
    tools: [tool],
    transportType: 'stdio',
  });
  // The session answers tools/list once its server is connected, which the client's initialize proves; its own
  // connect then polls for the client's capabilities every 100 ms, which nothing here waits for.
  const connect = (serverSide: unknown) => {
    void (session.connect(serverSide) as Promise<unknown>).catch(() => undefined);
    return Promise.resolve();
  };
  const listed = await listThrough(kit, connect, () => session.close() as Promise<unknown>);
  return listed.find((t) => t.name === tool.name);
}

/**
 * FastMCP's tools/list entry, as an MCP client reads it: from its own session when it has one, else its handler's
 * conversion (`strictJsonSchema(await toJsonSchema(parameters))` from its xsschema) parsed by the SDK's
 * `ListToolsResultSchema`, which orders the known keys first as every client does.
 */
function shipWith(hrefs: RecorderHrefs | undefined, tool: FastMcpTool & { _meta?: unknown }) {
  return async (swap?: unknown) => {
    const shipped = swap === undefined ? tool : { ...tool, parameters: swap };
    const fromSession = await listFromSession(hrefs, shipped).catch(() => undefined);
    if (fromSession) return { definition: fromSession, inputSchema: fromSession.inputSchema };
    const xsschema = await loadBeside(hrefs?.real, 'xsschema');
    if (typeof xsschema?.toJsonSchema !== 'function' || typeof xsschema.strictJsonSchema !== 'function') return undefined;
    const parameters = shipped.parameters;
    const inputSchema = parameters
      ? xsschema.strictJsonSchema(await xsschema.toJsonSchema(parameters))
      : { additionalProperties: false, properties: {}, type: 'object' };
    const sent: Record<string, unknown> = { annotations: tool.annotations, description: tool.description, inputSchema, name: tool.name };
    if (tool.outputSchema) sent.outputSchema = xsschema.strictJsonSchema(await xsschema.toJsonSchema(tool.outputSchema));
    if (tool._meta) sent._meta = tool._meta;
    const types = await loadBeside(hrefs?.real, '@modelcontextprotocol/sdk/types.js');
    const parsed = types?.ListToolsResultSchema?.safeParse?.(JSON.parse(JSON.stringify({ tools: [sent] })));
    const definition = (parsed?.success ? parsed.data.tools[0] : sent) as Record<string, unknown>;
    return { definition, inputSchema: definition.inputSchema };
  };
}

const FASTMCP_SERVER: ServerClass = {
  methods: { addTool: { form: 'config', arg: 0, schemaKeys: ['parameters'] } },
};

export function fastmcpRecorder(real: { FastMCP: AnyClass }, _companion?: unknown, hrefs?: RecorderHrefs): { FastMCP: AnyClass } {
  const session = currentSession();
  // One tool as addTool and addTools both record it (a function, not a method: nothing is added to the user's class).
  const record = (server: object, tool: FastMcpTool, callSite: ReturnType<typeof captureCallSite>) =>
    session.record({
      sdk: 'fastmcp',
      name: String(tool?.name),
      input: tool?.parameters,
      description: descriptionOf(tool?.description),
      callSite,
      server: identityOf(server),
      libraryModule: hrefs?.real,
      ship: shipWith(hrefs, tool ?? {}),
    });
  class RecordingFastMCP extends real.FastMCP {
    constructor(...args: any[]) {
      super(...args);
      identify(this, args[0], captureCallSite(RecordingFastMCP));
      session.noteReach();
    }

    addTool(tool: FastMcpTool): unknown {
      record(this, tool, captureCallSite(RecordingFastMCP.prototype.addTool));
      return super.addTool(tool);
    }

    addTools(tools: FastMcpTool[]): unknown {
      const callSite = captureCallSite(RecordingFastMCP.prototype.addTools);
      for (const tool of tools ?? []) record(this, tool, callSite);
      return super.addTools(tools);
    }

    async start(): Promise<void> {}
  }
  Object.defineProperty(RecordingFastMCP, 'name', { value: 'FastMCP' });
  return { FastMCP: RecordingFastMCP };
}

export const fastmcp = defineLibrary({
  id: 'fastmcp',
  sdk: 'fastmcp',
  names: { package: 'fastmcp' },
  specifiers: ['fastmcp', 'fastmcp/*'],
  mentions: ['fastmcp'],
  exports: { FastMCP: { kind: 'server', server: FASTMCP_SERVER } },
  shim: { entries: ['fastmcp'], exports: ['FastMCP'] },
  recorder: fastmcpRecorder,
});
