/** VS Code's Copilot Chat as an MCP client: it names tools `mcp_<server>_<tool>`. */
import type { Profile } from '../types';

export const vscodeCopilot: Profile = {
  id: 'vscode-copilot',
  label: 'VS Code Copilot',
  kind: 'client',
  rules: [
    {
      id: 'tools-per-server',
      checks: 'at most 128 tools in a request (over every enabled server)',
      consequence: 'request-rejected',
      says: 'You may not include more than 128 tools in your request',
      source: 'https://github.com/microsoft/vscode-copilot-release/issues/9375',
      confirmed: '2026-12-01',
      evidence: 'observed',
      params: { limit: 128 },
    },
    {
      id: 'ref',
      checks: 'no `$ref` (`$defs` are stripped, the dangling `$ref` is refused by Claude models)',
      consequence: 'request-rejected',
      says: "Invalid $ref in schema: '#/$defs/…' does not exist",
      source: 'https://github.com/microsoft/fabric-rti-mcp/issues/98',
      confirmed: '2026-12-01',
      evidence: 'observed',
    },
    {
      id: 'name-length',
      checks: '`mcp_<server>_<tool>` has at most 64 characters',
      consequence: 'request-rejected',
      says: 'tool names longer than 64 characters result in 400 errors',
      source: 'https://github.com/microsoft/vscode/issues/243602',
      confirmed: '2026-12-01',
      evidence: 'observed',
      params: { limit: 64, namePrefix: 'mcp_{server}_' },
    },
  ],
};
