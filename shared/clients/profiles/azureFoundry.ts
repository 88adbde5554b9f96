/** Azure AI Foundry's agent service as an MCP client (tools from its catalogue or a connected server); opt-in. */
import type { Profile } from '../types';

export const azureFoundry: Profile = {
  id: 'azure-foundry',
  label: 'Azure AI Foundry',
  kind: 'client',
  // Every .nullable() is an anyOf: judged only where the user names this target.
  optIn: true,
  rules: [
    {
      id: 'unsupported-keyword',
      checks: 'no anyOf/oneOf/allOf anywhere',
      consequence: 'request-rejected',
      says: 'server_error, invalid tool schema',
      source: 'https://github.com/microsoft-foundry/new-foundry-portal/issues/23',
      confirmed: '2026-12-01',
      evidence: 'observed',
      params: { keywords: ['anyOf', 'oneOf', 'allOf'] },
    },
    {
      id: 'ref',
      checks: 'no `$ref`/`$defs`',
      consequence: 'request-rejected',
      says: 'server_error, invalid tool schema',
      source: 'https://github.com/microsoft-foundry/new-foundry-portal/issues/23',
      confirmed: '2026-12-01',
      evidence: 'observed',
    },
  ],
};
