/** Google Antigravity as an MCP client: it checks tool schemas against JSON Schema 2020-12 and names tools `mcp_<server>_<tool>`. */
import type { Profile } from '../types';

export const antigravity: Profile = {
  id: 'antigravity',
  label: 'Antigravity',
  kind: 'client',
  rules: [
    {
      id: 'array-items',
      checks: 'an array has one `items` schema (a tuple list fails its 2020-12 check; Gemini models refuse a missing one)',
      consequence: 'tool-dropped',
      says: "failed to validate tool input schema … '/items': got array, want boolean or object",
      source: 'https://github.com/jasonjgardner/blockbench-mcp-plugin/issues/23',
      confirmed: '2026-12-01',
      evidence: 'observed',
    },
    {
      id: 'name-length',
      checks: '`mcp_<server>_<tool>` has at most 64 characters',
      consequence: 'tool-dropped',
      says: 'tool name … violates ^[a-zA-Z0-9_-]{1,64}$',
      source: 'https://github.com/GLips/Figma-Context-MCP/issues/260',
      confirmed: '2026-12-01',
      evidence: 'observed',
      params: { limit: 64, namePrefix: 'mcp_{server}_' },
    },
    {
      id: 'name-characters',
      checks: 'the tool name matches ^[a-zA-Z0-9_-]+$',
      consequence: 'tool-dropped',
      says: 'tool name … violates ^[a-zA-Z0-9_-]{1,64}$',
      source: 'https://github.com/GLips/Figma-Context-MCP/issues/260',
      confirmed: '2026-12-01',
      evidence: 'observed',
      params: { namePattern: '^[a-zA-Z0-9_-]+$' },
    },
  ],
};
