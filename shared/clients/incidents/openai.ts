/** Incidents of OpenAI's function tools (strict and not) and of Codex, which sends MCP tools to the same API. */
import type { Incident } from './types';

const TOP = "Invalid schema for function …: schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level";
const eitherOf = (keyword: string, a: string, b: string) => ({
  type: 'object',
  properties: { [a]: { type: 'string' }, [b]: { type: 'string' } },
  [keyword]: [{ required: [a] }, { required: [b] }],
});
const arrayWithoutItems = (key: string) => ({ type: 'object', properties: { [key]: { type: 'array', description: 'a list' } }, required: [key] });
const gh = (path: string) => `https://github.com/${path}`;

export const OPENAI_INCIDENTS: Incident[] = [
  {
    id: 'openai-root-oneof-a3s',
    thread: gh('A3S-Lab/Code/issues/135'),
    date: '2026-09-09',
    target: 'openai',
    clientVersion: 'gpt-4o and gpt-5.5 (Chat Completions)',
    consequence: 'request-rejected',
    says: `HTTP 400 invalid_function_parameters: ${TOP}`,
    rule: 'root-combinator',
    tool: { input: eitherOf('oneOf', 'file_path', 'files') },
  },
  {
    id: 'openai-root-oneof-cecli',
    thread: gh('cecli-dev/cecli/issues/281'),
    date: '2025-12-19',
    target: 'openai',
    clientVersion: 'OpenAI through OpenRouter',
    consequence: 'request-rejected',
    says: TOP,
    rule: 'root-combinator',
    tool: { input: eitherOf('oneOf', 'start', 'after') },
  },
  {
    id: 'openai-nested-allof-notion',
    thread: gh('makenotion/notion-mcp-server/issues/102'),
    date: '2025-08-07',
    target: 'openai',
    clientVersion: 'gpt-4.1-nano through pydantic-ai 0.6.0',
    consequence: 'request-rejected',
    says: "400: In context=('properties', 'data'), 'allOf' is not permitted",
    rule: 'all-of',
    tool: { input: { type: 'object', properties: { data: { allOf: [{ type: 'object', properties: { title: { type: 'string' } } }] } } } },
  },
  ...(
    [
      ['mcphost', 'mark3labs/mcphost/issues/35', '2025-04-24', 'gpt-4o', 'texts'],
      ['aichat', 'sigoden/aichat/pull/1049', '2024-12-11', undefined, 'paths'],
      ['msagent', 'modelscope/ms-agent/pull/610', '2025-01-20', undefined, 'objects'],
      ['dblp', 'szeider/mcp-dblp/issues/3', '2026-02-14', undefined, 'results'],
      ['tokenopt', 'ooples/token-optimizer-mcp/pull/154', '2026-04-20', undefined, 'accessHistory'],
    ] as const
  ).map(([name, path, date, version, key]): Incident => ({
    id: `openai-array-items-${name}`,
    thread: gh(path),
    date,
    target: 'openai',
    ...(version ? { clientVersion: version } : {}),
    consequence: 'request-rejected',
    says: `Invalid schema for function …: In context=('properties', '${key}'), array schema missing items`,
    rule: 'array-items',
    tool: { input: arrayWithoutItems(key) },
  })),
  {
    id: 'openai-array-items-nested-gumloop',
    thread: gh('gumloop/guMCP/pull/136'),
    date: '2025-05-11',
    target: 'openai',
    consequence: 'request-rejected',
    says: "In context=('properties', 'values', 'items'), array schema missing items",
    rule: 'array-items',
    tool: { input: { type: 'object', properties: { values: { type: 'array', items: { type: 'array' } } } } },
  },
  {
    id: 'openai-array-items-type-list-tidewave',
    thread: gh('tidewave-ai/tidewave_phoenix/pull/224'),
    date: '2026-02-02',
    target: 'openai',
    clientVersion: 'GPT',
    consequence: 'request-rejected',
    says: "In context=('properties', 'arguments', 'items', 'type', '0'), array schema missing items",
    rule: 'array-items',
    tool: { input: { type: 'object', properties: { arguments: { type: 'array', items: { type: ['array', 'string'] } } } } },
  },
  ...(
    [
      ['sentry', 'getsentry/sentry-mcp/issues/106', '2025-04-25', 'gpt-4o', 1103],
      ['deepresearch', 'langchain-ai/open_deep_research/issues/80', '2025-04-23', 'o3-mini on Azure OpenAI', 2121],
      ['genaiscript', 'microsoft/genaiscript/issues/1381', '2025-03-25', undefined, 2780],
      ['probe', 'probelabs/probe/issues/9', '2025-03-15', 'o3-mini', 2472],
      ['openapimcp', 'janwilmake/openapi-mcp-server/issues/23', '2025-04-08', undefined, 3542],
      ['openhands', 'OpenHands/OpenHands/issues/4838', '2024-11-08', undefined, 4394],
      ['langsim', 'jan-janssen/LangSim/issues/66', '2024-08-30', undefined, 1064],
    ] as const
  ).map(([name, path, date, version, length]): Incident => ({
    id: `openai-description-length-${name}`,
    thread: gh(path),
    date,
    target: 'openai',
    ...(version ? { clientVersion: version } : {}),
    consequence: 'request-rejected',
    says: `Invalid 'tools[n].function.description': string too long. Expected a string with maximum length 1024, but got a string with length ${length}`,
    rule: 'description-length',
    tool: { descriptionLength: length },
  })),
  {
    id: 'openai-strict-nested-additional-properties-agentsmcp',
    thread: gh('lastmile-ai/openai-agents-mcp/issues/2'),
    date: '2025-03-14',
    target: 'openai-strict',
    clientVersion: 'OpenAI Agents SDK (strict tools)',
    consequence: 'request-rejected',
    says: "In context=('properties', 'permissions'), 'additionalProperties' is required to be supplied and to be false",
    rule: 'strict-additional-properties',
    tool: {
      input: {
        type: 'object',
        properties: { path: { type: 'string' }, permissions: { type: 'object', properties: { mode: { type: 'string' } }, required: ['mode'] } },
        required: ['path', 'permissions'],
        additionalProperties: false,
      },
    },
  },
  {
    id: 'openai-strict-nested-oneof-agentsjs',
    thread: gh('openai/openai-agents-js/issues/1138'),
    date: '2026-03-27',
    target: 'openai-strict',
    clientVersion: '@openai/agents 0.8.1 (worked on 0.3.9)',
    consequence: 'request-rejected',
    says: "400 Invalid schema for function 'create_event': In context=('properties', 'recurrence'), 'oneOf' is not permitted",
    rule: 'one-of',
    tool: {
      input: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          recurrence: {
            oneOf: [
              {
                type: 'object',
                properties: { type: { type: 'string', const: 'once' }, date: { type: 'string' } },
                required: ['type', 'date'],
                additionalProperties: false,
              },
              {
                type: 'object',
                properties: { type: { type: 'string', const: 'weekly' }, dayOfWeek: { type: 'number' } },
                required: ['type', 'dayOfWeek'],
                additionalProperties: false,
              },
            ],
          },
        },
        required: ['name', 'recurrence'],
        additionalProperties: false,
      },
    },
  },
  {
    id: 'codex-root-anyof-flywheel',
    thread: gh('Dicklesworthstone/flywheel_connectors/issues/49'),
    date: '2026-05-20',
    target: 'codex',
    consequence: 'request-rejected',
    says: `400 invalid_function_parameters: ${TOP}; Codex cannot use the server at all`,
    rule: 'root-combinator',
    tool: { input: eitherOf('anyOf', 'raw', 'to') },
  },
  {
    id: 'codex-root-anyof-blender',
    thread: gh('dcc-mcp/dcc-mcp-blender/issues/64'),
    date: '2026-05-30',
    target: 'codex',
    consequence: 'request-rejected',
    says: `tool registration fails: ${TOP}; Codex starts normally once the server is removed`,
    rule: 'root-combinator',
    tool: { input: eitherOf('anyOf', 'script', 'path') },
  },
];
