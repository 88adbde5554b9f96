/** Gemini function declarations' `parametersJsonSchema` (JSON Schema, mutually exclusive with `parameters`). */
import type { Profile } from '../types';

const DECLARATION = 'https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration';

export const geminiJson: Profile = {
  id: 'gemini-json',
  label: 'Gemini (parametersJsonSchema)',
  kind: 'provider',
  rules: [
    {
      id: 'root-type',
      checks: 'the schema describes an object',
      consequence: 'request-rejected',
      says: 'The schema must describe an object where the properties are the parameters',
      source: DECLARATION,
      confirmed: '2026-12-01',
      evidence: 'documented',
    },
    {
      id: 'name-length',
      checks: 'the function name has at most 64 characters',
      consequence: 'request-rejected',
      source: DECLARATION,
      confirmed: '2026-12-01',
      evidence: 'documented',
      params: { limit: 64 },
    },
    {
      id: 'name-characters',
      checks: 'the function name starts with a letter or underscore and uses a-z, A-Z, 0-9, _ . : -',
      consequence: 'request-rejected',
      source: DECLARATION,
      confirmed: '2026-12-01',
      evidence: 'documented',
      params: { namePattern: '^[a-zA-Z_][a-zA-Z0-9_.:-]*$' },
    },
  ],
};
