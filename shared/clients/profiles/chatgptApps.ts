/** OpenAI's ChatGPT apps directory: its review requires the behaviour hints set explicitly on every tool; opt-in. */
import type { Profile } from '../types';

export const chatgptApps: Profile = {
  id: 'chatgpt-apps',
  label: 'ChatGPT apps directory',
  kind: 'directory',
  optIn: true,
  rules: [
    {
      id: 'annotations',
      checks: 'every tool sets `readOnlyHint`, `destructiveHint` and `openWorldHint` to true or false',
      consequence: 'listing-refused',
      says: 'app review rejected the submission because tools omitted openWorldHint and/or destructiveHint',
      source: 'https://github.com/Teamwork/mcp/pull/420',
      confirmed: '2026-12-01',
      evidence: 'observed',
      params: { hints: ['readOnlyHint', 'destructiveHint', 'openWorldHint'] },
    },
  ],
};
