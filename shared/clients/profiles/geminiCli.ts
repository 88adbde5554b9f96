/** Gemini CLI as an MCP client. */
import type { Profile } from '../types';

export const geminiCli: Profile = {
  id: 'gemini-cli',
  label: 'Gemini CLI',
  kind: 'client',
  rules: [
    {
      id: 'enum-non-string',
      checks: 'enum values are strings',
      consequence: 'request-rejected',
      says: "Invalid value at 'request.tools[0].function_declarations[…].enum[…]' (TYPE_STRING)",
      source: 'https://github.com/microsoft/azure-devops-mcp/issues/145',
      confirmed: '2026-12-01',
      evidence: 'observed',
    },
  ],
};
