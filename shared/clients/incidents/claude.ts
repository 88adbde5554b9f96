/** Incidents of Anthropic's API (strict tools), Claude Code and Claude Desktop. */
import type { Incident } from './types';

const gh = (path: string) => `https://github.com/${path}`;
const TOP_400 = 'API Error: 400 … input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level';
const rootOneOf = { type: 'object', properties: { id: { type: 'string' }, slug: { type: 'string' } }, oneOf: [{ required: ['id'] }, { required: ['slug'] }] };
const rootAnyOfUntyped = {
  anyOf: [
    { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    { type: 'object', properties: { slug: { type: 'string' } }, required: ['slug'] },
  ],
};
const DRAFT_07_OUTPUT = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { count: { type: 'number' } }, required: ['count'] };
const DIALECT =
  'Tool … has an invalid outputSchema: JSON Schema declares an unsupported dialect ("$schema": draft-07). The default validator supports JSON Schema 2020-12 only';
const optionals = (n: number, prefix: string) => ({
  type: 'object',
  properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, { type: 'string' }])),
});

export const CLAUDE_INCIDENTS: Incident[] = [
  {
    id: 'anthropic-strict-integer-bounds-pi',
    thread: gh('earendil-works/pi/issues/9953'),
    date: '2026-09-23',
    target: 'anthropic-strict',
    clientVersion: 'claude-opus-5-5',
    consequence: 'request-rejected',
    says: "400 tools.25.custom: For 'integer' type, properties maximum, minimum are not supported (every request of the session)",
    rule: 'bounds',
    tool: { input: { type: 'object', properties: { timeoutMs: { type: 'integer', minimum: 1, maximum: 300000 } } } },
  },
  {
    id: 'anthropic-strict-max-items-experiential',
    thread: gh('experientiallabs/experiential/pull/804'),
    date: '2026-09-05',
    target: 'anthropic-strict',
    consequence: 'request-rejected',
    says: "tools.0.custom: For 'array' type, property 'maxItems' is not supported",
    rule: 'bounds',
    tool: { input: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' }, maxItems: 5 } } } },
  },
  {
    id: 'anthropic-strict-optional-budget-alphaxiv',
    thread: gh('alphaXiv/agents/pull/51'),
    date: '2026-08-05',
    target: 'anthropic-strict',
    consequence: 'request-rejected',
    says: 'a 15-tool request has 26 optional properties against a limit of 24; one tool accounts for 18 of them',
    rule: 'optional-budget',
    tool: { requestInputs: [optionals(18, 'a'), optionals(8, 'b')] },
  },
  ...(
    [
      ['nexus', 'ProfSynapse/nexus/issues/6', '2025-06-27', 'Claude Code 1.0.35'],
      ['4886', 'anthropics/claude-code/issues/4886', '2025-07-31', 'Claude Code 1.0.65'],
      ['geminimcp', 'aliargun/mcp-server-gemini/issues/8', '2025-08-14', undefined],
      ['perplexity', 'perplexityai/modelcontextprotocol/issues/57', '2025-10-30', 'Claude Code 2.0.21 to 2.0.29'],
    ] as const
  ).map(([name, path, date, version]): Incident => ({
    id: `claude-code-root-combinator-400-${name}`,
    thread: gh(path),
    date,
    target: 'claude-code',
    ...(version ? { clientVersion: version } : {}),
    consequence: 'request-rejected',
    says: TOP_400,
    rule: 'root-combinator',
    tool: { input: rootOneOf },
  })),
  {
    id: 'anthropic-root-combinator-4886',
    thread: gh('anthropics/claude-code/issues/4886'),
    date: '2025-07-31',
    target: 'anthropic',
    clientVersion: 'the Messages API behind Claude Code 1.0.65',
    consequence: 'request-rejected',
    says: 'invalid_request_error: tools.36.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level',
    rule: 'root-combinator',
    tool: {
      input: {
        anyOf: [
          { type: 'object', properties: { a: { type: 'string' } } },
          { type: 'object', properties: { b: { type: 'string' } } },
        ],
      },
    },
  },
  {
    id: 'anthropic-name-length-xcodebuild',
    thread: gh('getsentry/XcodeBuildMCP/issues/3'),
    date: '2025-04-21',
    target: 'anthropic',
    clientVersion: 'the Messages API behind Claude Code',
    consequence: 'request-rejected',
    says: 'invalid_request_error: tools.46.custom.name: String should have at most 64 characters',
    rule: 'name-length',
    tool: { name: 'mcp__XcodeBuildMCP__build_run_simulator_by_name_workspace_with_args' },
  },
  ...(
    [
      ['5878', 'anthropics/claude-code/issues/5878', '2025-08-15', 'Claude Code 1.0.81'],
      ['5973', 'anthropics/claude-code/issues/5973', '2025-08-17', 'Claude Code 1.0.83'],
      ['27337', 'anthropics/claude-code/issues/27337', '2026-02-21', 'Claude Code 2.1.50'],
      ['30212', 'anthropics/claude-code/issues/30212', '2026-03-02', 'Claude Code 2.1.63'],
    ] as const
  ).map(([name, path, date, version]): Incident => ({
    id: `claude-code-root-combinator-400-${name}`,
    thread: gh(path),
    date,
    target: 'claude-code',
    clientVersion: version,
    consequence: 'request-rejected',
    says: `${TOP_400} (every message of the session fails)`,
    rule: 'root-combinator',
    tool: { input: rootOneOf },
  })),
  {
    id: 'anthropic-root-combinator-notion-managed-agents',
    thread: gh('makenotion/notion-mcp-server/issues/341'),
    date: '2026-08-05',
    target: 'anthropic',
    clientVersion: 'Anthropic Managed Agents',
    consequence: 'request-rejected',
    says: 'tools.47.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level',
    rule: 'root-combinator',
    tool: { input: rootOneOf },
  },
  {
    id: 'claude-desktop-root-combinator-taken-python-sdk',
    thread: gh('modelcontextprotocol/python-sdk/issues/494'),
    date: '2025-04-11',
    target: 'claude-desktop',
    consequence: 'taken',
    says: 'the same server, whose schema the API refuses at the top level from a custom client and Claude Code, is called by Claude Desktop',
    tool: { input: rootOneOf },
  },
  ...(
    [
      ['35901', 'anthropics/claude-code/issues/35901', '2026-03-18', 'Claude 1.1.7203 (its Code mode)'],
      ['39020', 'anthropics/claude-code/issues/39020', '2026-03-25', 'the desktop app on Windows 11 (the CLI 2.1.83 works)'],
    ] as const
  ).map(([name, path, date, version]): Incident => ({
    id: `claude-desktop-root-combinator-400-${name}`,
    thread: gh(path),
    date,
    target: 'claude-desktop',
    clientVersion: version,
    consequence: 'request-rejected',
    says: `${TOP_400}: the conversation cannot start`,
    rule: 'root-combinator',
    tool: { input: rootOneOf },
  })),
  {
    id: 'claude-code-root-oneof-dropped-mcpx',
    thread: gh('opentokenz/mcpx/issues/28'),
    date: '2026-09-21',
    target: 'claude-code',
    consequence: 'tool-dropped',
    says: 'Claude Code drops these tools without any error',
    rule: 'root-combinator',
    tool: { input: rootOneOf },
  },
  {
    id: 'claude-code-root-if-then-dropped-95504',
    thread: gh('anthropics/claude-code/issues/95504'),
    date: '2026-09-19',
    target: 'claude-code',
    consequence: 'tool-dropped',
    says: 'MCP tools silently dropped when inputSchema uses root-level allOf/if/then (legal under MCP 2026-07-28)',
    rule: 'root-combinator',
    tool: {
      input: {
        type: 'object',
        properties: { mode: { type: 'string', enum: ['small', 'large'] }, size: { type: 'integer' } },
        allOf: [{ if: { properties: { mode: { const: 'small' } } }, then: { properties: { size: { maximum: 10 } } } }],
      },
    },
  },
  {
    id: 'claude-code-nested-oneof-taken-95504',
    thread: gh('anthropics/claude-code/issues/95504'),
    date: '2026-09-19',
    target: 'claude-code',
    consequence: 'taken',
    says: 'nested_oneof_ok: oneOf nested inside a property, not at the root, loads',
    tool: {
      input: {
        type: 'object',
        properties: {
          target: {
            oneOf: [
              { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
              { type: 'object', properties: { slug: { type: 'string' } }, required: ['slug'] },
            ],
          },
        },
        required: ['target'],
      },
    },
  },
  {
    id: 'claude-code-untyped-root-all-tools-88049',
    thread: gh('anthropics/claude-code/issues/88049'),
    date: '2026-08-19',
    target: 'claude-code',
    clientVersion: 'an HTTP server',
    consequence: 'all-tools-dropped',
    says: 'one non-object tool inputSchema silently drops ALL tools from an HTTP server: connected, 0 tools ingested, no error',
    rule: 'root-type',
    tool: { input: rootAnyOfUntyped },
  },
  {
    id: 'claude-code-required-null-44364',
    thread: gh('anthropics/claude-code/issues/44364'),
    date: '2026-04-06',
    target: 'claude-code',
    consequence: 'all-tools-dropped',
    says: 'silently rejects all tools from the server, not just the malformed one, and reports "authentication failed"',
    rule: 'required-array',
    tool: { input: { type: 'object', properties: {}, required: null } },
  },
  {
    id: 'claude-code-ref-stringified-20732',
    thread: gh('anthropics/claude-code/issues/20732'),
    date: '2026-01-25',
    target: 'claude-code',
    consequence: 'calls-rejected',
    says: 'object parameters behind $ref are sent as JSON strings: body.parent should be an object, instead was "{…}"',
    rule: 'ref',
    tool: {
      input: {
        type: 'object',
        properties: { parent: { $ref: '#/$defs/parent' } },
        $defs: { parent: { type: 'object', properties: { database_id: { type: 'string' } } } },
      },
    },
  },
  {
    id: 'claude-code-ref-http-10590',
    thread: gh('anthropics/claude-code/issues/10590'),
    date: '2025-10-29',
    target: 'claude-code',
    consequence: 'calls-rejected',
    says: "HTTP MCP transport doesn't resolve $ref in parameter schemas: the object argument is treated as a string",
    rule: 'ref',
    tool: {
      input: {
        type: 'object',
        properties: { filter: { $ref: '#/$defs/Filter' } },
        $defs: { Filter: { type: 'object', properties: { service_ids: { type: 'array', items: { type: 'string' } } } } },
      },
    },
  },
  {
    id: 'claude-code-output-anyof-all-tools-cua',
    thread: gh('trycua/cua/issues/2977'),
    date: '2026-08-07',
    target: 'claude-code',
    clientVersion: 'Claude Code CLI, cua-driver 0.19.1',
    consequence: 'all-tools-dropped',
    says: 'fetching tools failed: tools[1].outputSchema.type: Invalid input: expected "object"; all 55 tools silently rejected',
    rule: 'output-root-type',
    tool: {
      outputSchema: {
        anyOf: [
          { type: 'object', properties: { ok: { type: 'boolean' } } },
          { type: 'object', properties: { error: { type: 'string' } } },
        ],
      },
    },
  },
  {
    id: 'claude-code-output-array-dropped-longhand',
    thread: gh('Wynelson94/longhand/issues/10'),
    date: '2026-05-22',
    target: 'claude-code',
    consequence: 'tool-dropped',
    says: '12 of 19 tools fail to load: each has an outputSchema of type "array" or a oneOf without type',
    rule: 'output-root-type',
    tool: { outputSchema: { type: 'array', items: { type: 'object' } } },
  },
  {
    id: 'claude-code-name-length-xcodebuild',
    thread: gh('getsentry/XcodeBuildMCP/issues/3'),
    date: '2025-04-21',
    target: 'claude-code',
    consequence: 'request-rejected',
    says: 'API Error: 400 tools.46.custom.name: String should have at most 64 characters (every message fails)',
    rule: 'name-length',
    tool: { server: 'XcodeBuildMCP', name: 'build_run_simulator_by_name_workspace_with_args' },
  },
  {
    id: 'claude-code-output-draft07-taken-86142',
    thread: gh('anthropics/claude-code/issues/86142'),
    date: '2026-08-15',
    target: 'claude-code',
    clientVersion: 'Claude Code CLI 2.1.233',
    consequence: 'taken',
    says: 'could not reproduce on the CLI: it drops the dialect marker and validates under the default rules; the call succeeded',
    tool: { outputSchema: DRAFT_07_OUTPUT },
  },
  {
    id: 'claude-code-array-without-items-taken-ruflo',
    thread: gh('ruvnet/ruflo/issues/1404'),
    date: '2026-03-23',
    target: 'claude-code',
    consequence: 'taken',
    says: "Claude Code's MCP client is more lenient and loads the tools fine (arrays without items)",
    tool: { input: { type: 'object', properties: { embedding: { type: 'array', description: 'Float array embedding vector' } } } },
  },
  ...(
    [
      ['86142', 'anthropics/claude-code/issues/86142', '2026-08-15', 'Claude Desktop 1.28929.0'],
      ['applemail', 'sweetrb/apple-mail-mcp/issues/147', '2026-08-12', undefined],
      ['uptimekuma', 'DavidFuchs/mcp-uptime-kuma/issues/83', '2026-08-14', 'protocol 2025-11-25'],
      ['whoop', 'shashankswe2020-ux/whoop-mcp/issues/251', '2026-09-21', 'Claude Desktop 2.2553.1'],
    ] as const
  ).map(([name, path, date, version]): Incident => ({
    id: `claude-desktop-output-draft07-${name}`,
    thread: gh(path),
    date,
    target: 'claude-desktop',
    ...(version ? { clientVersion: version } : {}),
    consequence: 'calls-rejected',
    says: `every tool call fails before it reaches the server: ${DIALECT}`,
    rule: 'output-dialect',
    tool: { outputSchema: DRAFT_07_OUTPUT },
  })),
  {
    id: 'claude-desktop-wrapped-input-twenty',
    thread: gh('twentyhq/twenty/issues/15348'),
    date: '2025-10-24',
    target: 'claude-desktop',
    consequence: 'all-tools-dropped',
    says: 'an inputSchema wrapped in { jsonSchema: … }: Claude Desktop cannot recognize any of the tools (silently dropped)',
    rule: 'root-type',
    tool: { input: { jsonSchema: { type: 'object', properties: { name: { type: 'string' } } } } },
  },
];
