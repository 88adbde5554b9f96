/**
 * FastMCP: `new FastMCP(...)` registers with `addTool({ name, parameters })` (and `addTools([...])`). The
 * recorder is a subclass of the workspace's real class whose `addTool` / `addTools` record the tool's
 * `parameters`; `start` never starts a transport.
 */
import { captureCallSite } from '../evaluate/recorders/callSite';
import { currentSession, descriptionOf } from '../evaluate/recorders/session';
import { defineLibrary, type ServerClass } from './library';

type AnyClass = new (...args: any[]) => any;
interface FastMcpTool {
  name?: unknown;
  parameters?: unknown;
  description?: unknown;
}

const FASTMCP_SERVER: ServerClass = {
  methods: { addTool: { form: 'config', arg: 0, schemaKeys: ['parameters'] } },
};

/** `new FastMCP({ name })` of each recording server: MCP clients prefix tool names with it (a WeakMap, not a field: the real constructor may register tools before a subclass field exists). */
const serverNames = new WeakMap<object, string | undefined>();

export function fastmcpRecorder(real: { FastMCP: AnyClass }): { FastMCP: AnyClass } {
  const session = currentSession();
  class RecordingFastMCP extends real.FastMCP {
    constructor(...args: any[]) {
      super(...args);
      const name = args[0] && typeof args[0] === 'object' ? (args[0] as { name?: unknown }).name : undefined;
      serverNames.set(this, typeof name === 'string' ? name : undefined);
    }

    addTool(tool: FastMcpTool): unknown {
      const callSite = captureCallSite(RecordingFastMCP.prototype.addTool);
      session.record({ sdk: 'fastmcp', name: String(tool?.name), input: tool?.parameters, description: descriptionOf(tool?.description), callSite, server: serverNames.get(this) });
      return super.addTool(tool);
    }

    addTools(tools: FastMcpTool[]): unknown {
      const callSite = captureCallSite(RecordingFastMCP.prototype.addTools);
      for (const tool of tools ?? []) session.record({ sdk: 'fastmcp', name: String(tool?.name), input: tool?.parameters, description: descriptionOf(tool?.description), callSite, server: serverNames.get(this) });
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
