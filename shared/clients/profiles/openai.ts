/** OpenAI function tools without strict mode (Chat Completions' default). */
import type { Profile } from '../types';

/** What OpenAI refuses at the top of a function's parameters, strict or not (its own error lists them). */
export const ROOT_KEYWORDS = ['oneOf', 'anyOf', 'allOf', 'enum', 'not'] as const;

export const openai: Profile = {
  id: 'openai',
  label: 'OpenAI',
  kind: 'provider',
  rules: [
    {
      id: 'root-type',
      checks: 'the parameters root is `type: "object"`',
      consequence: 'request-rejected',
      says: "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level",
      source: 'https://github.com/langchain-ai/langchainjs/issues/9804',
      confirmed: '2026-12-07',
      evidence: 'observed',
    },
    {
      id: 'root-combinator',
      checks: 'no oneOf/anyOf/allOf/enum/not at the root, even beside `type: "object"`',
      consequence: 'request-rejected',
      says: "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level",
      source: 'https://github.com/A3S-Lab/Code/issues/135',
      confirmed: '2026-12-07',
      evidence: 'observed',
      observedOn: 'gpt-4o and gpt-5.5',
      params: { keywords: ROOT_KEYWORDS },
    },
    {
      id: 'all-of',
      checks: 'no allOf below the root',
      consequence: 'request-rejected',
      says: "In context=('properties', …), 'allOf' is not permitted",
      source: 'https://github.com/makenotion/notion-mcp-server/issues/102',
      confirmed: '2026-12-07',
      evidence: 'observed',
      observedOn: 'gpt-4.1-nano',
    },
    {
      id: 'array-items',
      checks: 'every array has an `items` schema',
      consequence: 'request-rejected',
      says: "In context=('properties', …), array schema missing items",
      source: 'https://github.com/mark3labs/mcphost/issues/35',
      confirmed: '2026-12-07',
      evidence: 'observed',
      observedOn: 'gpt-4o',
    },
    {
      id: 'description-length',
      checks: 'the tool description has at most 1024 characters',
      consequence: 'request-rejected',
      says: "Invalid 'tools[n].function.description': string too long. Expected a string with maximum length 1024",
      source: 'https://github.com/getsentry/sentry-mcp/issues/106',
      confirmed: '2026-12-07',
      evidence: 'observed',
      observedOn: 'gpt-4o',
      params: { limit: 1024 },
    },
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
