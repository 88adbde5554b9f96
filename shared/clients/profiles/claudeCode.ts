/** Claude Code as an MCP client: it names tools `mcp__<server>__<tool>` and sends them to the Anthropic API. */
import type { Profile } from '../types';

export const claudeCode: Profile = {
  id: 'claude-code',
  label: 'Claude Code',
  kind: 'client',
  rules: [
    {
      id: 'root-combinator',
      checks: 'no anyOf/oneOf/allOf at the root of inputSchema',
      consequence: 'request-rejected',
      says: 'API Error: 400 input_schema does not support oneOf, allOf, or anyOf at the top level',
      source: 'https://github.com/greirson/mcp-todoist/issues/48',
      confirmed: '2026-12-01',
      evidence: 'observed',
    },
    {
      id: 'ref',
      checks: 'no `$ref` (its MCP HTTP client fails to resolve `$defs`)',
      consequence: 'all-tools-dropped',
      says: "tools fetch failed: can't resolve reference #/$defs/… from id #",
      source: 'https://github.com/anthropics/claude-code/issues/76881',
      confirmed: '2026-12-01',
      evidence: 'observed',
      parts: ['input', 'output'],
    },
    {
      id: 'ref-recursive',
      checks: 'no recursive `$ref`',
      consequence: 'all-tools-dropped',
      says: 'tools fetch failed',
      source: 'https://github.com/anthropics/claude-code/issues/77106',
      confirmed: '2026-12-01',
      evidence: 'observed',
      parts: ['input', 'output'],
    },
    {
      id: 'name-length',
      checks: '`mcp__<server>__<tool>` has at most 64 characters',
      consequence: 'request-rejected',
      says: 'String should have at most 64 characters',
      source: 'https://github.com/anthropics/claude-code/issues/19882',
      confirmed: '2026-12-01',
      evidence: 'observed',
      params: { limit: 64, namePrefix: 'mcp__{server}__' },
    },
    {
      id: 'output-root-type',
      checks: 'outputSchema is `type: "object"`',
      consequence: 'tool-dropped',
      says: 'the tool fails to load',
      source: 'https://github.com/Wynelson94/longhand/issues/10',
      confirmed: '2026-12-01',
      evidence: 'observed',
      parts: ['output'],
    },
  ],
};
