/**
 * One MCP session's server: our tools and resources on an SDK `McpServer`, over the workspaces the session may read
 * (its client's roots, judged by roots.ts). Sessions share the process's WorkspacePool, so two agents over one folder
 * share its pipeline, warm workers and results.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { version } from '../../package.json';
import { registerLensResources } from './resources';
import type { RootPolicy } from './roots';
import { registerLensTools } from './tools';
import { SessionRoots, type WorkspacePool } from './workspaces';

const INSTRUCTIONS =
  'Tool Schema Lens checks the MCP tool schemas written in this workspace (zod) against what each client accepts. ' +
  'Call check_tools after each edit of a tool; suggest_fix gives the edit for a finding; preview_tool shows a tool exactly as it ships.';

export function createLensMcpServer(pool: WorkspacePool, policy: RootPolicy, log: (line: string) => void): McpServer {
  const server = new McpServer({ name: 'tool-schema-lens', version }, { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS });
  const roots = new SessionRoots(pool, policy, async () => {
    if (!server.server.getClientCapabilities()?.roots) return undefined;
    const listed = await server.server.listRoots();
    return listed.roots.map((r) => r.uri);
  });
  server.server.setNotificationHandler(RootsListChangedNotificationSchema, () => roots.invalidate());
  const context = { workspaces: () => roots.current() };
  registerLensTools(server, context, log);
  registerLensResources(server, context);
  return server;
}
