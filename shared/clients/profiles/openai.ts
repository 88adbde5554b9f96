/** OpenAI function tools without strict mode (Chat Completions' default). */
import type { Profile } from '../types';

export const openai: Profile = {
  id: 'openai',
  label: 'OpenAI',
  kind: 'provider',
  rules: [
    {
      id: 'name-length',
      checks: 'the tool name has at most 64 characters',
      consequence: 'request-rejected',
      says: 'string too long. Expected a string with maximum length 64',
      source: 'https://github.com/mastra-ai/mastra/issues/6302',
      confirmed: '2026-12-01',
      evidence: 'observed',
      params: { limit: 64 },
    },
    {
      id: 'name-characters',
      checks: 'the tool name matches ^[a-zA-Z0-9_-]+$',
      consequence: 'request-rejected',
      says: "string does not match pattern '^[a-zA-Z0-9_-]+$'",
      source: 'https://github.com/openai/codex/issues/6540',
      confirmed: '2026-12-01',
      evidence: 'observed',
      params: { namePattern: '^[a-zA-Z0-9_-]+$' },
    },
  ],
};
