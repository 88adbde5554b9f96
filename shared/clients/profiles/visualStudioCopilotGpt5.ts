/**
 * Copilot in Visual Studio with a GPT-5 or later model: it sends MCP tools to OpenAI's Responses API as strict
 * functions, so every key must be required and every object closed; older GPT models and Claude take the same tools.
 * Opt-in: judged only when named, since it flags nearly every tool with an optional key and depends on the model.
 */
import type { Profile } from '../types';

export const visualStudioCopilotGpt5: Profile = {
  id: 'visual-studio-copilot-gpt5',
  label: 'Visual Studio Copilot (GPT-5+)',
  kind: 'client',
  optIn: true,
  rules: [
    {
      id: 'strict-required',
      checks: 'every property is listed in `required`',
      consequence: 'request-rejected',
      says: "HTTP 400 Invalid schema for function …: 'required' is required to be supplied and to be an array including every key in properties",
      source: 'https://github.com/microsoft/azure-devops-mcp/issues/962',
      confirmed: '2026-12-07',
      evidence: 'observed',
      observedOn: 'GPT-5 and later models in Visual Studio 2022 and 2026',
    },
    {
      id: 'strict-additional-properties',
      checks: 'every object has `additionalProperties: false`',
      consequence: 'request-rejected',
      says: 'any query that invokes the server fails: the function does not include "additionalProperties": false',
      source: 'https://github.com/DeusData/codebase-memory-mcp/issues/731',
      confirmed: '2026-12-07',
      evidence: 'observed',
    },
  ],
};
