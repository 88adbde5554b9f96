/**
 * FastMCP: `new FastMCP(...)` registers with `addTool({ name, parameters })` (and `addTools([...])`). The
 * recorder is a subclass of the workspace's real class whose `addTool` / `addTools` record the tool's
 * `parameters`; `start` never starts a transport.
 */
import { captureCallSite } from '../evaluate/recorders/callSite';
import { currentSession } from '../evaluate/recorders/session';
import { defineLibrary, type ServerClass } from './library';
import { identify, identityOf } from '../evaluate/recorders/serverIdentity';

type AnyClass = new (...args: any[]) => any;
interface FastMcpTool {
  name?: unknown;
  parameters?: unknown;
}

const FASTMCP_SERVER: ServerClass = {
  methods: { addTool: { form: 'config', arg: 0, schemaKeys: ['parameters'] } },
};


export function fastmcpRecorder(real: { FastMCP: AnyClass }): { FastMCP: AnyClass } {
  const session = currentSession();
  class RecordingFastMCP extends real.FastMCP {
    constructor(...args: any[]) {
      super(...args);
      identify(this, args[0], captureCallSite(RecordingFastMCP));
      session.noteReach();
    }

    addTool(tool: FastMcpTool): unknown {
      const callSite = captureCallSite(RecordingFastMCP.prototype.addTool);
      session.record({ sdk: 'fastmcp', name: String(tool?.name), input: tool?.parameters, callSite, server: identityOf(this) });
      return super.addTool(tool);
    }

    addTools(tools: FastMcpTool[]): unknown {
      const callSite = captureCallSite(RecordingFastMCP.prototype.addTools);
      for (const tool of tools ?? []) session.record({ sdk: 'fastmcp', name: String(tool?.name), input: tool?.parameters, callSite, server: identityOf(this) });
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
