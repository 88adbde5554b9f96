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
      source: 'https://github.com/modelcontextprotocol/typescript-sdk/issues/2721',
      confirmed: '2026-12-01',
      evidence: 'observed',
      observedOn: 'Claude desktop 1.52386.3',
      parts: ['output'],
    },
  ],
};
