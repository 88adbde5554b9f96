/** The Anthropic Messages API with `strict: true` tools (grammar-constrained tool inputs). */
import type { Profile } from '../types';

export const anthropicStrict: Profile = {
  id: 'anthropic-strict',
  label: 'Anthropic (strict)',
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
      id: 'optional-budget',
      checks:
        'at most 24 optional properties, per tool and summed over the tools of a server (the grammar is compiled for every strict tool of a request; the limit is not published and varies by model)',
      consequence: 'request-rejected',
      says: 'Schemas contains too many optional parameters (limit: 24)',
      source: 'https://github.com/elie222/inbox-zero/pull/2662',
      confirmed: '2026-12-01',
      evidence: 'observed',
      params: { limit: 24 },
    },
    {
      id: 'union-budget',
      checks: 'at most 16 union-typed properties (anyOf or a type list), per tool and summed over the tools of a server (not published; varies by model)',
      consequence: 'request-rejected',
      says: 'every Optional param counts toward the 16-anyOf-parameter limit',
      source: 'https://github.com/mozilla/bugbug/pull/6129',
      confirmed: '2026-12-01',
      evidence: 'observed',
      params: { limit: 16 },
    },
    {
      id: 'tools-per-server',
      checks: 'at most 20 strict tools in a request',
      consequence: 'request-rejected',
      says: 'You can only do 20 total tools',
      source: 'https://github.com/genkit-ai/genkit/issues/5230',
      confirmed: '2026-12-01',
      evidence: 'observed',
      params: { limit: 20 },
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
