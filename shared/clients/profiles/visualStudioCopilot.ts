/**
 * Copilot in Visual Studio (not VS Code) as an MCP client. Strict-schema refusals (every key required,
 * `additionalProperties: false`) were reported on some of its models (microsoft/azure-devops-mcp#934,
 * github/github-mcp-server#2011) but not which: left out until that is known, since they would flag nearly every tool.
 */
import type { Profile } from '../types';

export const visualStudioCopilot: Profile = {
  id: 'visual-studio-copilot',
  label: 'Visual Studio Copilot',
  kind: 'client',
  rules: [
    {
      id: 'name-characters',
      checks: 'the tool name matches ^[a-zA-Z0-9_-]+$ (at most 128 characters)',
      consequence: 'request-rejected',
      says: "String should match pattern '^[a-zA-Z0-9_-]{1,128}$'",
      source: 'https://github.com/GlitterKill/sdl-mcp/issues/34',
      confirmed: '2026-12-01',
      evidence: 'observed',
      observedOn: 'Visual Studio 2026',
      params: { namePattern: '^[a-zA-Z0-9_-]{1,128}$' },
    },
  ],
};
