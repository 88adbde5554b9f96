/** Incidents of Gemini's function declarations (the `parameters` field, an OpenAPI subset). */
import type { Incident } from './types';

const gh = (path: string) => `https://github.com/${path}`;
const keywordIncident = (name: string, path: string, date: string, version: string | undefined, keyword: string, node: object): Incident => ({
  id: `gemini-${keyword.toLowerCase()}-${name}`,
  thread: gh(path),
  date,
  target: 'gemini',
  ...(version ? { clientVersion: version } : {}),
  consequence: 'request-rejected',
  says: `400 Invalid JSON payload received. Unknown name "${keyword}" at 'tools[0].function_declarations[n].parameters…': Cannot find field`,
  rule: 'unsupported-keyword',
  tool: { input: { type: 'object', properties: { value: node } } },
});

export const GEMINI_INCIDENTS: Incident[] = [
  keywordIncident('fetch', 'modelcontextprotocol/servers/issues/1624', '2025-04-29', 'Gemini 2.5 Pro', 'exclusiveMaximum', {
    type: 'integer',
    exclusiveMinimum: 0,
    exclusiveMaximum: 1000000,
  }),
  keywordIncident('pizzabot', 'pizza-bot-app/pizza-bot/issues/62', '2026-09-07', 'gemini-3.8-flash, gemini-2.5-flash', 'exclusiveMinimum', {
    type: 'integer',
    exclusiveMinimum: 0,
  }),
  keywordIncident('5ire', 'nanbingxyz/5ire/issues/42', '2025-01-19', 'gemini-2.0-flash-exp', 'additionalProperties', {
    type: 'array',
    items: { type: 'object', properties: { path: { type: 'string' } }, additionalProperties: false },
  }),
  keywordIncident('smartcomposer', 'glowingjade/obsidian-smart-composer/issues/455', '2025-08-14', 'gemini-2.5-flash', 'additionalProperties', {
    type: 'array',
    items: { type: 'object', properties: {}, additionalProperties: false },
  }),
  {
    id: 'gemini-additionalproperties-root-oneapi',
    thread: gh('Laisky/one-api/issues/60'),
    date: '2025-04-20',
    target: 'gemini',
    clientVersion: 'gemini-2.0-flash',
    consequence: 'request-rejected',
    says: `Invalid JSON payload received. Unknown name "additionalProperties" at 'tools[0].function_declarations[0].parameters': Cannot find field`,
    rule: 'unsupported-keyword',
    tool: { input: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'], additionalProperties: false } },
  },
  ...(
    [
      ['5ire', 'nanbingxyz/5ire/issues/218', '2025-04-26', undefined],
      ['zed', 'zed-industries/zed/issues/44875', '2026-02-14', undefined],
    ] as const
  ).map(([name, path, date, version]): Incident => ({
    id: `gemini-type-list-${name}`,
    thread: gh(path),
    date,
    target: 'gemini',
    ...(version ? { clientVersion: version } : {}),
    consequence: 'request-rejected',
    says: `Invalid JSON payload received. Unknown name "type" at '…parameters.properties[0].value': Proto field is not repeating, cannot start list`,
    rule: 'type-array',
    tool: { input: { type: 'object', properties: { limit: { type: ['integer', 'null'] } } } },
  })),
  {
    id: 'gemini-integer-enum-rikkahub',
    thread: gh('rikkahub/rikkahub/issues/477'),
    date: '2025-09-04',
    target: 'gemini',
    clientVersion: 'Gemini 2.5 Pro',
    consequence: 'request-rejected',
    says: "400 Invalid value at '…parameters.properties[4].value.enum[0]' (TYPE_STRING), 2",
    rule: 'enum-non-string',
    tool: { input: { type: 'object', properties: { base: { type: 'integer', enum: [2, 8, 10, 16] } } } },
  },
  {
    id: 'gemini-boolean-enum-opencode',
    thread: gh('anomalyco/opencode/issues/2687'),
    date: '2025-09-19',
    target: 'gemini',
    consequence: 'request-rejected',
    says: "Invalid value at '…any_of[1].properties[2].value.enum[0]' (TYPE_STRING), true (every Gemini model, fine with Claude)",
    rule: 'enum-non-string',
    tool: { input: { type: 'object', properties: { flag: { type: 'boolean', enum: [true] } } } },
  },
  {
    id: 'gemini-numeric-enum-cliproxy',
    thread: gh('router-for-me/CLIProxyAPI/issues/1075'),
    date: '2026-01-17',
    target: 'gemini',
    clientVersion: 'Gemini through the Antigravity provider',
    consequence: 'request-rejected',
    says: "400 INVALID_ARGUMENT: Invalid value at '…properties[7].value.enum[0]' (TYPE_STRING), 0",
    rule: 'enum-non-string',
    tool: { input: { type: 'object', properties: { position: { type: 'number', enum: [0, 1, 2] } } } },
  },
];
