/** The Anthropic Messages API, tools without strict mode. */
import type { Profile } from '../types';

export const anthropic: Profile = {
  id: 'anthropic',
  label: 'Anthropic',
  kind: 'provider',
  rules: [
    {
      id: 'root-combinator',
      checks: 'no anyOf/oneOf/allOf at the root of input_schema',
      consequence: 'request-rejected',
      says: 'input_schema does not support oneOf, allOf, or anyOf at the top level',
      source: 'https://github.com/greirson/mcp-todoist/issues/48',
      confirmed: '2026-12-01',
      evidence: 'observed',
    },
    {
      id: 'name-length',
      checks: 'the tool name has at most 64 characters',
      consequence: 'request-rejected',
      says: 'String should have at most 64 characters',
      source: 'https://github.com/cloudflare/skills/issues/11',
      confirmed: '2026-12-01',
      evidence: 'observed',
      params: { limit: 64 },
    },
  ],
};
