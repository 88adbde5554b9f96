/** OpenAI Codex (CLI and IDE) as an MCP client: tools go to OpenAI's Responses backend. */
import type { Profile } from '../types';
import { ROOT_KEYWORDS } from './openai';
import { OPENAI_STRICT_FORMATS } from './openaiStrict';

export const codex: Profile = {
  id: 'codex',
  label: 'Codex',
  kind: 'client',
  rules: [
    {
      id: 'root-type',
      checks: 'the inputSchema root is `type: "object"`',
      consequence: 'request-rejected',
      says: "Invalid schema for function …: schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level",
      source: 'https://github.com/Dicklesworthstone/flywheel_connectors/issues/49',
      confirmed: '2026-12-07',
      evidence: 'observed',
    },
    {
      id: 'root-combinator',
      checks: 'no oneOf/anyOf/allOf/enum/not at the root, even beside `type: "object"`',
      consequence: 'request-rejected',
      says: "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level",
      source: 'https://github.com/Dicklesworthstone/flywheel_connectors/issues/49',
      confirmed: '2026-12-07',
      evidence: 'observed',
      params: { keywords: ROOT_KEYWORDS },
    },
    {
      id: 'format',
      checks: `\`format\` is one of ${OPENAI_STRICT_FORMATS.join(', ')}`,
      consequence: 'request-rejected',
      says: "400 'uri' is not a valid format",
      source: 'https://github.com/tailcallhq/forgecode/issues/2974',
      confirmed: '2026-12-01',
      evidence: 'observed',
      params: { formats: OPENAI_STRICT_FORMATS },
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
