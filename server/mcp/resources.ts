/**
 * Our MCP resources: the tools snapshot of what ships now (what `tool-schema-lens snapshot` would write, from the
 * incremental state, so an agent can save it as the baseline diff_tools compares with) and the project
 * configuration (the file as written, its problems, and the settings in force). Read from the first workspace.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as path from 'node:path';
import { readWorkspaceFile, snapshotOfTools, snapshotText } from '../pipeline';
import { PROJECT_CONFIG_FILE } from '../projectConfig';
import type { ToolContext } from './tools';

export const SNAPSHOT_URI = 'tool-schema-lens://snapshot';
export const CONFIG_URI = 'tool-schema-lens://config';

export function registerLensResources(server: McpServer, context: ToolContext): void {
  server.registerResource(
    'snapshot',
    SNAPSHOT_URI,
    {
      title: 'Tools snapshot',
      description: 'Every tool as it ships now, canonical and byte-stable, as `tool-schema-lens snapshot` writes it.',
      mimeType: 'application/json',
    },
    async (uri) => {
      const set = await context.workspaces();
      const analyses = await Promise.all(set.workspaces.map((w) => w.analysis()));
      const text = snapshotText(snapshotOfTools(analyses.flatMap((a) => [...a.tools])));
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text }] };
    },
  );
  server.registerResource(
    'config',
    CONFIG_URI,
    {
      title: 'Project configuration',
      description: `${PROJECT_CONFIG_FILE} as written, what is wrong with it, and the settings the analysis uses.`,
      mimeType: 'application/json',
    },
    async (uri) => {
      const set = await context.workspaces();
      const workspace = set.primary;
      const analysis = await workspace.analysis();
      const file = path.join(workspace.root, PROJECT_CONFIG_FILE);
      const read = readWorkspaceFile(file);
      const { evaluation, ...rest } = analysis.settings;
      const body = {
        file: set.display(file),
        exists: !('missing' in read),
        ...('text' in read ? { text: read.text } : {}),
        problems: analysis.diagnostics.filter((d) => d.code === 'config-invalid' && d.file === file).map((d) => d.message),
        // The names of the variables set for evaluation, never their values (they may hold keys).
        settings: { ...rest, evaluation: { ...evaluation, env: Object.keys(evaluation.env) } },
      };
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: `${JSON.stringify(body, null, 2)}\n` }] };
    },
  );
}
