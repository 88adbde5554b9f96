/** Claude Desktop as an MCP client. */
import type { Profile } from '../types';

export const claudeDesktop: Profile = {
  id: 'claude-desktop',
  label: 'Claude Desktop',
  kind: 'client',
  rules: [
    {
      id: 'ref',
      checks: 'no `$ref` in inputSchema (`$defs` are stripped before the model sees them)',
      consequence: 'rewritten',
      says: 'strips $defs, leaving dangling $ref',
      source: 'https://github.com/PrefectHQ/fastmcp/pull/2808',
      confirmed: '2026-12-01',
      evidence: 'observed',
    },
    {
      id: 'ref',
      checks: 'no `$ref`/`$defs` in outputSchema',
      consequence: 'all-tools-dropped',
      says: 'Error compiling schema',
      source: 'https://github.com/modelcontextprotocol/mcpb/issues/174',
      confirmed: '2026-12-01',
      evidence: 'observed',
      parts: ['output'],
    },
  ],
};
