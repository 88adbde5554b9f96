/** Anthropic's connectors directory: its review requires each tool's title and behaviour hint; opt-in. */
import type { Profile } from '../types';

export const claudeDirectory: Profile = {
  id: 'claude-directory',
  label: "Claude's connectors directory",
  kind: 'directory',
  optIn: true,
  rules: [
    {
      id: 'annotations',
      checks: 'every tool sets a `title` and `readOnlyHint` or `destructiveHint`',
      consequence: 'listing-refused',
      says: 'Every tool must include a title and the applicable hint',
      source: 'https://claude.com/docs/connectors/building/review-criteria',
      confirmed: '2026-12-01',
      evidence: 'documented',
      params: { hints: ['title', 'readOnlyHint|destructiveHint'] },
    },
  ],
};
