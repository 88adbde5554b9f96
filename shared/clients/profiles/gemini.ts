/** Gemini function declarations' `parameters` (the OpenAPI-subset Schema message, not JSON Schema). */
import type { Profile } from '../types';

const DECLARATION = 'https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration';

export const gemini: Profile = {
  id: 'gemini',
  label: 'Gemini (parameters)',
  kind: 'provider',
  rules: [
    {
      id: 'schema-keyword',
      checks: 'no `$schema`',
      consequence: 'request-rejected',
      says: 'Invalid JSON payload received. Unknown name "$schema"',
      source: 'https://github.com/router-for-me/CLIProxyAPI/issues/97',
      confirmed: '2026-12-01',
    },
    {
      id: 'const',
      checks: 'no `const`',
      consequence: 'request-rejected',
      says: 'Unknown name "const"',
      source: 'https://github.com/openswarm-ai/openswarm/issues/24',
      confirmed: '2026-12-01',
    },
    {
      id: 'unsupported-keyword',
      checks: 'no additionalProperties, exclusiveMinimum or propertyNames',
      consequence: 'request-rejected',
      says: 'Invalid JSON payload received. Unknown name "…": Cannot find field',
      source: 'https://github.com/openswarm-ai/openswarm/issues/24',
      confirmed: '2026-12-01',
      params: { keywords: ['additionalProperties', 'exclusiveMinimum', 'propertyNames'] },
    },
    {
      id: 'ref',
      checks: 'no `$ref`/`$defs`',
      consequence: 'request-rejected',
      says: 'Unknown name "$defs"',
      source: 'https://github.com/datastax/astra-assistants-api/issues/73',
      confirmed: '2026-12-01',
    },
    {
      id: 'type-array',
      checks: '`type` is one type, not a list',
      consequence: 'request-rejected',
      says: 'Proto field is not repeating, cannot start list',
      source: 'https://github.com/zed-industries/zed/issues/53919',
      confirmed: '2026-12-01',
    },
    {
      id: 'null-type',
      checks: 'no `type: "null"`',
      consequence: 'request-rejected',
      says: 'Invalid value at ...type, "null"',
      source: 'https://github.com/QuantumNous/new-api/issues/766',
      confirmed: '2026-12-01',
    },
    {
      id: 'enum-non-string',
      checks: 'enum values are strings',
      consequence: 'request-rejected',
      says: 'Invalid value at ...enum[0] (TYPE_STRING)',
      source: 'https://github.com/microsoft/azure-devops-mcp/issues/145',
      confirmed: '2026-12-01',
    },
    {
      id: 'array-items',
      checks: 'every array has an `items` schema',
      consequence: 'request-rejected',
      says: 'items: missing field',
      source: 'https://github.com/cline/cline/issues/7339',
      confirmed: '2026-12-01',
    },
    {
      id: 'name-length',
      checks: 'the function name has at most 64 characters',
      consequence: 'request-rejected',
      source: DECLARATION,
      confirmed: '2026-12-01',
      params: { limit: 64 },
    },
    {
      id: 'name-characters',
      checks: 'the function name starts with a letter or underscore and uses a-z, A-Z, 0-9, _ . : -',
      consequence: 'request-rejected',
      source: DECLARATION,
      confirmed: '2026-12-01',
      params: { namePattern: '^[a-zA-Z_][a-zA-Z0-9_.:-]*$' },
    },
  ],
};
