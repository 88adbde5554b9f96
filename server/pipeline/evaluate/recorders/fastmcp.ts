/**
 * FastMCP: a subclass of the workspace's real class whose `addTool` / `addTools` record the tool's
 * `parameters`; `start` never starts a transport.
 */
import { captureCallSite } from './callSite';
import { currentSession } from './session';
import { identify, identityOf } from './serverIdentity';

type AnyClass = new (...args: any[]) => any;
interface FastMcpTool {
  name?: unknown;
  parameters?: unknown;
}

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
