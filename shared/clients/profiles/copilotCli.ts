/**
 * GitHub Copilot CLI as an MCP client: it forwards each MCP tool's schema to the model the user picked (GPT, Claude
 * or Gemini through one OpenAI-shaped API), so what it refuses depends on that model; each rule names it.
 */
import type { Profile } from '../types';

export const copilotCli: Profile = {
  id: 'copilot-cli',
  label: 'Copilot CLI',
  kind: 'client',
  rules: [
    {
      id: 'object-properties',
      checks: 'every object has `properties` (an input schema without them fails every prompt)',
      consequence: 'request-rejected',
      says: 'Invalid schema for function …: In context=(), object schema missing properties',
      source: 'https://github.com/github/copilot-cli/issues/1825',
      confirmed: '2026-12-07',
      evidence: 'observed',
      observedOn: 'Copilot CLI 0.0.365',
    },
    {
      id: 'ref',
      checks: 'no `$ref` (its `$defs` do not reach Claude models, which refuse the dangling reference)',
      consequence: 'request-rejected',
      says: "Invalid $ref in schema: '#/$defs/…' does not exist",
      source: 'https://github.com/perforce/p4mcp-server/issues/3',
      confirmed: '2026-12-07',
      evidence: 'observed',
      observedOn: 'Claude models',
    },
    {
      id: 'enum-non-string',
      checks: 'every enum value is a string (Gemini models refuse the request)',
      consequence: 'request-rejected',
      says: 'every prompt fails with HTTP 400 Bad Request, naming no tool',
      source: 'https://github.com/github/copilot-cli/issues/4835',
      confirmed: '2026-12-07',
      evidence: 'observed',
      observedOn: 'Copilot CLI 1.0.84 with gemini-3.7-flash',
    },
    {
      id: 'description-length',
      checks: 'the tool description has at most 1024 characters (Gemini models through its OpenAI-shaped API)',
      consequence: 'request-rejected',
      says: "Invalid 'tools[n].function.description': string too long. Expected a string with maximum length 1024",
      source: 'https://github.com/higebu/3gpp-mcp/pull/238',
      confirmed: '2026-12-07',
      evidence: 'observed',
      observedOn: 'Gemini models',
      params: { limit: 1024 },
    },
  ],
};
