/** OpenAI with strict function tools / Structured Outputs (the Responses API and the OpenAI Agents SDK default to strict). */
import type { Profile } from '../types';

/** The formats Structured Outputs accepts (OpenAI's "supported schemas" list). */
export const OPENAI_STRICT_FORMATS = ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'] as const;

/** openai-node's strict transform: its refusals are the API's documented subset, in code. */
const TRANSFORM = 'https://github.com/openai/openai-node/blob/master/src/lib/transform.ts';

/** Keywords strict Structured Outputs cannot represent (openai-node's JSON_SCHEMA_UNSUPPORTED_SCHEMA_KEYWORDS, less oneOf and allOf, which have rules of their own). */
export const OPENAI_STRICT_UNSUPPORTED = [
  '$anchor', '$dynamicAnchor', '$dynamicRef', '$recursiveAnchor', '$recursiveRef', 'additionalItems', 'contains', 'contentEncoding',
  'contentMediaType', 'contentSchema', 'dependentRequired', 'dependentSchemas', 'dependencies', 'else', 'if', 'maxContains',
  'maxProperties', 'minContains', 'minProperties', 'not', 'patternProperties', 'prefixItems', 'propertyNames', 'then',
  'unevaluatedItems', 'unevaluatedProperties', 'uniqueItems',
] as const;

export const openaiStrict: Profile = {
  id: 'openai-strict',
  label: 'OpenAI (strict)',
  kind: 'provider',
  rules: [
    { id: 'root-type', checks: 'the parameters root is `type: "object"`', consequence: 'request-rejected', says: 'root must be an object', source: 'https://github.com/nstfkc/gemi/issues/478', confirmed: '2026-12-01' },
    { id: 'root-combinator', checks: 'no anyOf/oneOf/allOf at the root', consequence: 'request-rejected', says: 'anyOf is only allowed nested inside an object property', source: 'https://github.com/nstfkc/gemi/issues/478', confirmed: '2026-12-01' },
    { id: 'one-of', checks: 'no oneOf anywhere', consequence: 'request-rejected', says: "'oneOf' is not permitted", source: 'https://github.com/ai-dynamo/dynamo/pull/15153', confirmed: '2026-12-01' },
    { id: 'all-of', checks: 'no allOf (openai-node merges plain object intersections before sending)', consequence: 'request-rejected', says: 'cannot be merged without changing Draft 7 validation', source: TRANSFORM, confirmed: '2026-12-01' },
    { id: 'unsupported-keyword', checks: `none of ${OPENAI_STRICT_UNSUPPORTED.join(', ')}`, consequence: 'request-rejected', says: 'uses unsupported keyword … and cannot be represented in strict Structured Outputs', source: TRANSFORM, confirmed: '2026-12-01', params: { keywords: OPENAI_STRICT_UNSUPPORTED } },
    { id: 'array-items', checks: 'every array has one \`items\` schema (no tuple)', consequence: 'request-rejected', says: 'uses tuple-form `items`, which cannot be represented in strict Structured Outputs', source: TRANSFORM, confirmed: '2026-12-01' },
    { id: 'strict-required', checks: 'every property is listed in `required`', consequence: 'request-rejected', says: 'all fields must be required', source: 'https://github.com/github/github-mcp-server/pull/39', confirmed: '2026-12-01' },
    { id: 'strict-additional-properties', checks: 'every object has `additionalProperties: false`', consequence: 'request-rejected', says: "'additionalProperties' is required to be supplied and to be false", source: 'https://github.com/lastmile-ai/openai-agents-mcp/issues/2', confirmed: '2026-12-01' },
    { id: 'format', checks: `\`format\` is one of ${OPENAI_STRICT_FORMATS.join(', ')}`, consequence: 'request-rejected', says: "'uri' is not a valid format", source: 'https://github.com/tailcallhq/forgecode/issues/2974', confirmed: '2026-12-01', params: { formats: OPENAI_STRICT_FORMATS } },
    { id: 'depth', checks: 'at most 10 levels of nesting', consequence: 'request-rejected', says: 'levels of nesting exceeds limit', source: 'https://github.com/openai/openai-java/issues/732', confirmed: '2026-12-01', params: { limit: 10 } },
    { id: 'enum-count', checks: 'at most 500 enum values in total', consequence: 'request-rejected', says: 'Expected at most 500 enum values in total within a single schema', source: 'https://community.openai.com/t/500-enums-limitation-in-structured-output/974416', confirmed: '2026-12-01', params: { limit: 500 } },
    { id: 'name-length', checks: 'the tool name has at most 64 characters', consequence: 'request-rejected', says: 'string too long. Expected a string with maximum length 64', source: 'https://github.com/mastra-ai/mastra/issues/6302', confirmed: '2026-12-01', params: { limit: 64 } },
    { id: 'name-characters', checks: 'the tool name matches ^[a-zA-Z0-9_-]+$', consequence: 'request-rejected', says: "string does not match pattern '^[a-zA-Z0-9_-]+$'", source: 'https://github.com/openai/codex/issues/6540', confirmed: '2026-12-01', params: { namePattern: '^[a-zA-Z0-9_-]+$' } },
  ],
};
