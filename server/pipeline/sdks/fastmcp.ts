/**
 * FastMCP: `new FastMCP(...)` registers with `addTool({ name, parameters })` (and `addTools([...])`). The
 * recorder is a subclass of the workspace's real class whose `addTool` / `addTools` record the tool's
 * `parameters`; `start` never starts a transport.
 */
import { captureCallSite } from '../evaluate/recorders/callSite';
import { currentSession, descriptionOf } from '../evaluate/recorders/session';
import { loadBeside } from '../evaluate/shipped/loadBeside';
import { defineLibrary, type RecorderHrefs, type ServerClass } from './library';
import { identify, identityOf } from '../evaluate/recorders/serverIdentity';

type AnyClass = new (...args: any[]) => any;
interface FastMcpTool {
  name?: unknown;
  description?: unknown;
  parameters?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
}

/**
 * FastMCP's own tools/list entry (`strictJsonSchema(await toJsonSchema(parameters))` from its xsschema), as an
 * MCP client reads it: parsed by the `ListToolsResultSchema` of the SDK fastmcp serves with, which orders the
 * known keys first, exactly as a real client over stdio sees them.
 */
function shipWith(hrefs: RecorderHrefs | undefined, tool: FastMcpTool & { _meta?: unknown }) {
  return async (swap?: unknown) => {
    const xsschema = await loadBeside(hrefs?.real, 'xsschema');
    if (typeof xsschema?.toJsonSchema !== 'function' || typeof xsschema.strictJsonSchema !== 'function') return undefined;
    const parameters = swap ?? tool.parameters;
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
  specifiers: ['fastmcp', 'fastmcp/*'],
  mentions: ['fastmcp'],
  exports: { FastMCP: { kind: 'server', server: FASTMCP_SERVER } },
  shim: { entries: ['fastmcp'], exports: ['FastMCP'] },
  recorder: fastmcpRecorder,
});
