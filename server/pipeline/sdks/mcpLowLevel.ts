/**
 * The MCP TypeScript SDK 1.x low-level `Server` (`@modelcontextprotocol/sdk/server/index.js`): tools are whatever
 * its `tools/list` request handler answers, often `zodToJsonSchema(...)` or `z.toJSONSchema(...)` of the
 * workspace's schemas, sometimes computed per client capability or after `initialize`. The recorder is a subclass
 * of the real class that remembers each instance (and where its `tools/list` handler was set) and never starts a
 * transport; the worker lists it with a real client once the start settled (evaluate/worker/shipped/lowLevelServers.ts).
 */
import { captureCallSite } from '../evaluate/worker/recorders/callSite';
import { currentSession } from '../evaluate/worker/recorders/session';
import { identify, identityOf } from '../evaluate/worker/recorders/serverIdentity';
import { defineLibrary } from './library';
import { literalValues, objectShape, readNode } from '../../../shared/zod/read';

type AnyClass = new (...args: any[]) => any;

/** The shim's replacement `Server`: a recording subclass of the workspace's own class. */
export function mcpLowLevelRecorder(real: { Server: AnyClass }, _companion?: unknown, hrefs?: { real?: string }): { Server: AnyClass } {
  const session = currentSession();
  const Real = real.Server;
  if (typeof Real !== 'function' || !hrefs?.real) return { Server: Real };
  const module = hrefs.real;
  class RecordingServer extends Real {
    constructor(...args: any[]) {
      super(...args);
      identify(this, args[0], captureCallSite(RecordingServer));
      session.noteReach();
      session.lowLevelServers.push({ instance: this, Real, module, server: identityOf(this), site: identityOf(this)?.site });
    }

    setRequestHandler(schema: unknown, handler: unknown): unknown {
      const request = readNode(schema);
      const method = request?.kind === 'object' ? readNode(objectShape(request).method) : undefined;
      if (method && literalValues(method).includes('tools/list')) {
        const entry = session.lowLevelServers.find((s) => s.instance === this);
        const site = captureCallSite(RecordingServer.prototype.setRequestHandler);
        if (entry && site) entry.site = site;
      }
      return super.setRequestHandler(schema, handler);
    }

    async connect(): Promise<void> {}
  }
  Object.defineProperty(RecordingServer, 'name', { value: Real.name });
  return { Server: RecordingServer };
}

export const mcpLowLevel = defineLibrary({
  id: 'mcp-low-level',
  sdk: 'mcp',
  names: { package: '@modelcontextprotocol/sdk' },
  specifiers: ['@modelcontextprotocol/sdk/server/index.js', '@modelcontextprotocol/sdk/server'],
  mentions: ['setRequestHandler'],
  // A server class that registers through no method: its tools are what its tools/list handler answers.
  exports: { Server: { kind: 'server', server: { methods: {} } } },
  shim: { entries: ['@modelcontextprotocol/sdk/server/index.js', '@modelcontextprotocol/sdk/server'], exports: ['Server'] },
  recorder: mcpLowLevelRecorder,
});
