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
    {
      id: 'output-dialect',
      checks: 'an outputSchema declares no `$schema` other than 2020-12 (its SDK 2.x validator knows 2020-12 only)',
      consequence: 'calls-rejected',
      says: 'Tool … has an invalid outputSchema: JSON Schema declares an unsupported dialect',
      source: 'https://github.com/anthropics/claude-code/issues/86142',
      confirmed: '2026-12-07',
      evidence: 'observed',
      observedOn: 'Claude Desktop 1.28929.0',
      since: '2026-08-01',
      parts: ['output'],
    },
    {
      id: 'root-type',
      checks: 'the inputSchema root is `type: "object"` (its client refuses the whole tools/list otherwise)',
      consequence: 'all-tools-dropped',
      says: 'tools silently dropped: none of the server is usable',
      source: 'https://github.com/twentyhq/twenty/issues/15348',
      confirmed: '2026-12-07',
      evidence: 'observed',
      params: { untypedCombinator: true },
    },
  ],
};
