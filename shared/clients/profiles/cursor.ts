/** Cursor as an MCP client. */
import type { Profile } from '../types';

export const cursor: Profile = {
  id: 'cursor',
  label: 'Cursor',
  kind: 'client',
  rules: [
    {
      id: 'tools-per-server',
      checks: 'at most 80 tools (over every connected server; 40 before September 2025)',
      consequence: 'warned',
      says: 'warning past 80 tools',
      source: 'https://github.com/Snowflake-Labs/mcp/issues/77',
      confirmed: '2026-12-01',
      evidence: 'observed',
      params: { limit: 80 },
    },
    {
      id: 'ref',
      checks: 'no `$ref`/`$defs`',
      consequence: 'all-tools-dropped',
      says: "can't resolve reference #/$defs/… (0 tools)",
      source: 'https://github.com/davideast/stitch-mcp/issues/184',
      confirmed: '2026-12-01',
      evidence: 'observed',
      parts: ['input', 'output'],
    },
    {
      id: 'output-root-type',
      checks: 'outputSchema is `type: "object"`',
      consequence: 'all-tools-dropped',
      says: 'Invalid input at tools[n] (the whole tool list)',
      source: 'https://github.com/Anil-matcha/awesome-gpt-6-astra/issues/11',
      confirmed: '2026-12-01',
      evidence: 'observed',
      parts: ['output'],
    },
    {
      id: 'root-combinator',
      checks: 'no anyOf/oneOf/allOf at the root (the refused example has it there; whether nested ones fail is not known)',
      consequence: 'request-rejected',
      says: 'Connect error resource_exhausted (ERROR_PROVIDER_ERROR, providerStatusCode 400)',
      source: 'https://github.com/code-yeongyu/senpi/issues/952',
      confirmed: '2026-12-01',
      evidence: 'observed',
      observedOn: 'claude-fable-5 through Cursor',
    },
  ],
};
