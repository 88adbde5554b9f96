/**
 * Every profile rule, one fixture that triggers it and a near miss that does not, built with real zod 3 and
 * zod 4 and advertised by the engine exactly as a tool ships (where zod cannot produce the node, a JSON
 * definition). The near miss is judged at the same place, so a neighbouring rule cannot make it pass.
 */
import { describe, expect, it } from 'vitest';
import * as z4 from 'zod';
import * as z3 from 'zod3';
import { advertise } from '../../../shared/index';
import { judgeServer, judgeTool, type RuleEvidence, type RuleId, type ToolDefinition } from '../../../shared/clients/index';

type Z = any;
type Built = {
  input?: (z: Z) => unknown;
  json?: unknown;
  output?: unknown;
  name?: string;
  server?: string;
  toolCount?: number;
  description?: string;
  /** The rest of a definition the library sent (title, annotations). */
  sent?: Pick<ToolDefinition, 'title' | 'annotations'>;
};

interface Fixture {
  rule: RuleId;
  target: string;
  /** Where the violation is expected (JSON pointer segments into the part), per major when they differ. */
  at: string[] | { 3: string[]; 4: string[] };
  trigger: Built;
  miss: Built;
  /** Majors that cannot express the trigger (zod 3 never writes oneOf), with why. */
  only?: { major: 3 | 4; why: string };
}

const nest = (z: Z, levels: number): unknown => {
  let s: unknown = z.string();
  for (let i = 0; i < levels; i++) s = z.object({ a: s });
  return s;
};
const keys = (n: number, field: (z: Z) => unknown) => (z: Z) => z.object(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, field(z)])));
const tree = (z: Z) => {
  const node: Z = z.lazy(() => z.object({ label: z.string(), children: z.array(node) }));
  return z.object({ tree: node });
};
/** zod 3 refers back from the recursion; zod 4 moves the recursive schema into definitions and refers to it. */
const TREE_ITEMS = ['properties', 'tree', 'properties', 'children', 'items'];
const deep = (n: number) => ['properties', ...Array.from({ length: n }, () => ['a', 'properties']).flat()].slice(0, -1);

const FIXTURES: Fixture[] = [
  { rule: 'root-type', target: 'openai-strict', at: [], trigger: { json: { type: 'string' } }, miss: { json: { type: 'object', properties: {} } } },
  { rule: 'root-type', target: 'gemini-json', at: [], trigger: { json: { type: 'array', items: {} } }, miss: { json: { type: 'object' } } },
  {
    rule: 'root-combinator',
    target: 'anthropic',
    at: [],
    trigger: { input: (z) => z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) },
    miss: { input: (z) => z.object({ v: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) }) },
  },
  {
    rule: 'root-combinator',
    target: 'claude-code',
    at: [],
    trigger: { input: (z) => z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) },
    miss: { input: (z) => z.object({ a: z.string().optional(), b: z.number().optional() }) },
  },
  {
    rule: 'one-of',
    target: 'openai-strict',
    at: ['properties', 'r'],
    only: { major: 4, why: 'zod-to-json-schema writes a discriminated union as anyOf' },
    trigger: {
      input: (z) => z.object({ r: z.discriminatedUnion('k', [z.object({ k: z.literal('a'), n: z.number() }), z.object({ k: z.literal(2), s: z.string() })]) }),
    },
    miss: { input: (z) => z.object({ r: z.union([z.object({ n: z.number() }), z.object({ s: z.string() })]) }) },
  },
  {
    rule: 'all-of',
    target: 'openai-strict',
    at: ['properties', 'both'],
    trigger: { input: (z) => z.object({ both: z.intersection(z.string().min(1), z.string().max(5)) }) },
    miss: { input: (z) => z.object({ both: z.string().min(1).max(5) }) },
  },
  {
    rule: 'unsupported-keyword',
    target: 'openai-strict',
    at: ['properties', 'tags'],
    trigger: { json: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } } } },
    miss: { input: (z) => z.object({ tags: z.array(z.string()) }) },
  },
  {
    rule: 'array-items',
    target: 'openai-strict',
    at: ['properties', 'pair'],
    trigger: { input: (z) => z.object({ pair: z.tuple([z.string(), z.number()]) }) },
    miss: { input: (z) => z.object({ pair: z.array(z.union([z.string(), z.number()])) }) },
  },
  {
    rule: 'strict-required',
    target: 'openai-strict',
    at: ['properties', 'a'],
    trigger: { input: (z) => z.object({ a: z.string().optional() }) },
    miss: { input: (z) => z.object({ a: z.string().nullable() }) },
  },
  {
    rule: 'strict-additional-properties',
    target: 'openai-strict',
    at: [],
    trigger: { input: (z) => z.object({ a: z.string() }).passthrough() },
    miss: { input: (z) => z.object({ a: z.string() }).strict() },
  },
  {
    rule: 'format',
    target: 'openai-strict',
    at: ['properties', 'url'],
    trigger: { input: (z) => z.object({ url: z.string().url() }) },
    miss: { input: (z) => z.object({ url: z.string().email() }) },
  },
  {
    rule: 'format',
    target: 'codex',
    at: ['properties', 'url'],
    trigger: { input: (z) => z.object({ url: z.string().url() }) },
    miss: { input: (z) => z.object({ url: z.string().uuid() }) },
  },
  {
    rule: 'ref',
    target: 'claude-code',
    at: { 3: TREE_ITEMS, 4: ['properties', 'tree'] },
    trigger: { input: tree },
    miss: { input: (z) => z.object({ tree: z.object({ label: z.string(), children: z.array(z.object({ label: z.string() })) }) }) },
  },
  {
    rule: 'ref-recursive',
    target: 'claude-code',
    at: TREE_ITEMS,
    trigger: {
      input: (z) => z.object({}),
      output: {
        type: 'object',
        properties: { tree: { type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/properties/tree' } } } } },
      },
    },
    miss: {
      input: (z) => z.object({}),
      output: {
        type: 'object',
        $defs: { Leaf: { type: 'string' } },
        properties: { tree: { type: 'object', properties: { label: { $ref: '#/$defs/Leaf' }, children: { type: 'array', items: { $ref: '#/$defs/Leaf' } } } } },
      },
    },
  },
  {
    rule: 'ref',
    target: 'vscode-copilot',
    at: { 3: TREE_ITEMS, 4: ['properties', 'tree'] },
    trigger: { input: tree },
    miss: { input: (z) => z.object({ tree: z.object({ label: z.string(), children: z.array(z.string()) }) }) },
  },
  {
    rule: 'ref',
    target: 'claude-desktop',
    at: { 3: TREE_ITEMS, 4: ['properties', 'tree'] },
    trigger: { input: tree },
    miss: { input: (z) => z.object({ tree: z.string() }) },
  },
  {
    rule: 'ref',
    target: 'gemini',
    at: { 3: TREE_ITEMS, 4: ['properties', 'tree'] },
    trigger: { input: tree },
    miss: { input: (z) => z.object({ tree: z.string() }) },
  },
  {
    rule: 'ref',
    target: 'cursor',
    at: { 3: TREE_ITEMS, 4: ['properties', 'tree'] },
    trigger: { input: tree },
    miss: { input: (z) => z.object({ tree: z.string() }) },
  },
  {
    rule: 'schema-keyword',
    target: 'gemini',
    at: [],
    trigger: { input: (z) => z.object({ a: z.string() }) },
    miss: { json: { type: 'object', properties: { a: { type: 'string' } } } },
  },
  {
    rule: 'unsupported-keyword',
    target: 'gemini',
    at: ['properties', 'n'],
    trigger: { input: (z) => z.object({ n: z.number().positive() }) },
    miss: { input: (z) => z.object({ n: z.number().min(1) }) },
  },
  {
    rule: 'const',
    target: 'gemini',
    at: ['properties', 'kind'],
    trigger: { input: (z) => z.object({ kind: z.literal('page') }) },
    miss: { input: (z) => z.object({ kind: z.enum(['page']) }) },
  },
  {
    rule: 'type-array',
    target: 'gemini',
    at: ['properties', 'title'],
    trigger: { input: (z) => z.object({ title: z.string().nullable() }) },
    miss: { input: (z) => z.object({ title: z.string().optional() }) },
  },
  {
    rule: 'null-type',
    target: 'gemini',
    at: ['properties', 'none'],
    trigger: { input: (z) => z.object({ none: z.null() }) },
    miss: { input: (z) => z.object({ none: z.string() }) },
  },
  {
    rule: 'enum-non-string',
    target: 'gemini-cli',
    at: ['properties', 'level'],
    trigger: { input: (z) => z.object({ level: z.nativeEnum({ Low: 1, High: 2 }) }) },
    miss: { input: (z) => z.object({ level: z.enum(['low', 'high']) }) },
  },
  {
    rule: 'enum-non-string',
    target: 'gemini',
    at: ['properties', 'level'],
    trigger: { input: (z) => z.object({ level: z.nativeEnum({ Low: 1, High: 2 }) }) },
    miss: { input: (z) => z.object({ level: z.enum(['low', 'high']) }) },
  },
  {
    rule: 'array-items',
    target: 'gemini',
    at: ['properties', 'pair'],
    trigger: { input: (z) => z.object({ pair: z.tuple([z.string(), z.number()]) }) },
    miss: { input: (z) => z.object({ pair: z.array(z.string()) }) },
  },
  { rule: 'depth', target: 'openai-strict', at: deep(10), trigger: { input: (z) => nest(z, 11) }, miss: { input: (z) => nest(z, 10) } },
  {
    rule: 'enum-count',
    target: 'openai-strict',
    at: [],
    trigger: { input: (z) => z.object({ e: z.enum(Array.from({ length: 501 }, (_, i) => `v${i}`)) }) },
    miss: { input: (z) => z.object({ e: z.enum(Array.from({ length: 500 }, (_, i) => `v${i}`)) }) },
  },
  {
    rule: 'optional-budget',
    target: 'anthropic-strict',
    at: [],
    trigger: { input: keys(25, (z) => z.string().optional()) },
    miss: { input: keys(24, (z) => z.string().optional()) },
  },
  {
    rule: 'union-budget',
    target: 'anthropic-strict',
    at: [],
    trigger: { input: keys(17, (z) => z.union([z.string(), z.number()])) },
    miss: { input: keys(16, (z) => z.union([z.string(), z.number()])) },
  },
  {
    rule: 'name-length',
    target: 'claude-code',
    at: [],
    trigger: { input: (z) => z.object({}), name: 'n'.repeat(55), server: 'srv' },
    miss: { input: (z) => z.object({}), name: 'n'.repeat(54), server: 'srv' },
  },
  {
    rule: 'name-length',
    target: 'vscode-copilot',
    at: [],
    trigger: { input: (z) => z.object({}), name: 'n'.repeat(57), server: 'srv' },
    miss: { input: (z) => z.object({}), name: 'n'.repeat(56), server: 'srv' },
  },
  {
    rule: 'name-length',
    target: 'openai',
    at: [],
    trigger: { input: (z) => z.object({}), name: 'n'.repeat(65) },
    miss: { input: (z) => z.object({}), name: 'n'.repeat(64) },
  },
  {
    rule: 'name-characters',
    target: 'codex',
    at: [],
    trigger: { input: (z) => z.object({}), name: 'fetch page' },
    miss: { input: (z) => z.object({}), name: 'fetch_page-2' },
  },
  {
    rule: 'name-characters',
    target: 'gemini',
    at: [],
    trigger: { input: (z) => z.object({}), name: '2fetch' },
    miss: { input: (z) => z.object({}), name: '_fetch.page:v2' },
  },
  {
    rule: 'output-root-type',
    target: 'claude-code',
    at: [],
    trigger: { input: (z) => z.object({}), output: { type: 'array', items: {} } },
    miss: { input: (z) => z.object({}), output: { type: 'object', properties: {} } },
  },
  {
    rule: 'output-root-type',
    target: 'cursor',
    at: [],
    trigger: { input: (z) => z.object({}), output: { type: 'string' } },
    miss: { input: (z) => z.object({}), output: { type: 'object' } },
  },
  {
    rule: 'array-items',
    target: 'antigravity',
    at: ['properties', 'pair'],
    trigger: { input: (z) => z.object({ pair: z.tuple([z.string(), z.number()]) }) },
    miss: { input: (z) => z.object({ pair: z.array(z.string()) }) },
  },
  {
    rule: 'name-length',
    target: 'antigravity',
    at: [],
    trigger: { input: (z) => z.object({}), name: 'n'.repeat(57), server: 'srv' },
    miss: { input: (z) => z.object({}), name: 'n'.repeat(56), server: 'srv' },
  },
  {
    rule: 'name-characters',
    target: 'antigravity',
    at: [],
    trigger: { input: (z) => z.object({}), name: 'get data' },
    miss: { input: (z) => z.object({}), name: 'get_data' },
  },
  {
    rule: 'name-characters',
    target: 'visual-studio-copilot',
    at: [],
    trigger: { input: (z) => z.object({}), name: 'n'.repeat(129) },
    miss: { input: (z) => z.object({}), name: 'n'.repeat(128) },
  },
  {
    rule: 'unsupported-keyword',
    target: 'azure-foundry',
    at: ['properties', 'note'],
    trigger: { input: (z) => z.object({ note: z.union([z.string(), z.object({ text: z.string() })]) }) },
    miss: { input: (z) => z.object({ note: z.string().optional() }) },
  },
  {
    rule: 'ref',
    target: 'azure-foundry',
    at: { 3: TREE_ITEMS, 4: ['properties', 'tree'] },
    trigger: { input: tree },
    miss: { input: (z) => z.object({ tree: z.string() }) },
  },
  {
    rule: 'root-combinator',
    target: 'cursor',
    at: [],
    trigger: { input: (z) => z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) },
    miss: { input: (z) => z.object({ v: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) }) },
  },
  {
    rule: 'output-dialect',
    target: 'claude-desktop',
    at: [],
    trigger: { input: (z) => z.object({}), output: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' } },
    miss: { input: (z) => z.object({}), output: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' } },
  },
  {
    rule: 'annotations',
    target: 'claude-directory',
    at: [],
    trigger: { input: (z) => z.object({}), sent: { annotations: { readOnlyHint: true } } },
    miss: { input: (z) => z.object({}), sent: { title: 'Fetch page', annotations: { readOnlyHint: true } } },
  },
  {
    rule: 'annotations',
    target: 'chatgpt-apps',
    at: [],
    trigger: { input: (z) => z.object({}), sent: { annotations: { readOnlyHint: true, destructiveHint: false } } },
    miss: { input: (z) => z.object({}), sent: { annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } } },
  },
  {
    rule: 'root-type',
    target: 'openai',
    at: [],
    trigger: { json: { type: 'string' } },
    miss: { json: { type: 'object', properties: {} } },
  },
  {
    rule: 'root-combinator',
    target: 'openai',
    at: [],
    trigger: { json: { type: 'object', properties: { a: { type: 'string' } }, not: { required: ['a'] } } },
    miss: { json: { type: 'object', properties: { a: { not: { type: 'null' } } } } },
  },
  {
    rule: 'root-combinator',
    target: 'codex',
    at: [],
    trigger: { json: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, anyOf: [{ required: ['a'] }, { required: ['b'] }] } },
    miss: { json: { type: 'object', properties: { v: { anyOf: [{ type: 'string' }, { type: 'number' }] } } } },
  },
  { rule: 'root-type', target: 'codex', at: [], trigger: { json: { type: 'array', items: { type: 'string' } } }, miss: { json: { type: 'object' } } },
  {
    rule: 'all-of',
    target: 'openai',
    at: ['properties', 'data'],
    trigger: { json: { type: 'object', properties: { data: { allOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { required: ['a'] }] } } } },
    miss: { input: (z) => z.object({ data: z.object({ a: z.string() }).extend({ b: z.string() }) }) },
  },
  {
    rule: 'array-items',
    target: 'openai',
    at: ['properties', 'paths'],
    trigger: { json: { type: 'object', properties: { paths: { type: 'array' } } } },
    miss: { input: (z) => z.object({ paths: z.array(z.string()) }) },
  },
  {
    rule: 'array-items',
    target: 'vscode-copilot',
    at: ['properties', 'texts'],
    trigger: { json: { type: 'object', properties: { texts: { type: 'array', description: 'words' } } } },
    miss: { input: (z) => z.object({ texts: z.array(z.unknown()) }) },
  },
  { rule: 'description-length', target: 'openai', at: [], trigger: { description: 'x'.repeat(1025) }, miss: { description: 'x'.repeat(1024) } },
  { rule: 'description-length', target: 'openai-strict', at: [], trigger: { description: 'y'.repeat(2121) }, miss: { description: 'short' } },
  { rule: 'description-length', target: 'copilot-cli', at: [], trigger: { description: 'z'.repeat(1217) }, miss: { description: 'z'.repeat(918) } },
  {
    rule: 'bounds',
    target: 'anthropic-strict',
    at: ['properties', 'timeoutMs'],
    trigger: { input: (z) => z.object({ timeoutMs: z.number().int().min(1).max(300000) }) },
    miss: { input: (z) => z.object({ timeoutMs: z.number().describe('1 to 300000') }) },
  },
  {
    rule: 'root-type',
    target: 'claude-code',
    at: [],
    trigger: {
      json: {
        anyOf: [
          { type: 'object', properties: { a: { type: 'string' } } },
          { type: 'object', properties: { b: { type: 'string' } } },
        ],
      },
    },
    miss: { json: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } } },
  },
  {
    rule: 'root-type',
    target: 'claude-desktop',
    at: [],
    trigger: { json: { jsonSchema: { type: 'object', properties: {} } } },
    miss: { json: { type: 'object', properties: {} } },
  },
  {
    rule: 'root-type',
    target: 'mcp-sdk-client',
    at: [],
    trigger: { json: { $schema: 'https://json-schema.org/draft/2020-12/schema', anyOf: [{ type: 'object', properties: {} }] } },
    miss: { json: { type: 'object', anyOf: [{ required: [] }] } },
  },
  {
    rule: 'required-array',
    target: 'claude-code',
    at: [],
    trigger: { json: { type: 'object', properties: {}, required: null } },
    miss: { json: { type: 'object', properties: {}, required: [] } },
  },
  {
    rule: 'required-array',
    target: 'mcp-sdk-client',
    at: [],
    trigger: { json: { type: 'object', properties: { a: { type: 'string' } }, required: 'a' } },
    miss: { json: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } },
  },
  {
    rule: 'output-root-type',
    target: 'mcp-sdk-client',
    at: [],
    trigger: { input: (z) => z.object({}), output: { $id: 'result.v1', description: 'the upstream result' } },
    miss: { input: (z) => z.object({}), output: { type: 'object', description: 'the upstream result' } },
  },
  {
    rule: 'enum-non-string',
    target: 'cursor',
    at: ['properties', 'level'],
    trigger: { json: { type: 'object', properties: { level: { type: 'number', enum: [0.5, 0.9, 0.95, 0.99] } } } },
    miss: { input: (z) => z.object({ level: z.enum(['0.5', '0.9']) }) },
  },
  {
    rule: 'enum-non-string',
    target: 'copilot-cli',
    at: ['properties', 'levels'],
    trigger: { json: { type: 'object', properties: { levels: { type: ['array', 'null'], items: { type: 'integer' }, enum: [1, 2, 3] } } } },
    miss: { json: { type: 'object', properties: { levels: { type: ['array', 'null'], items: { type: 'integer', enum: [1, 2, 3] } } } } },
  },
  {
    rule: 'root-combinator',
    target: 'vscode-copilot',
    at: [],
    trigger: {
      json: {
        type: 'object',
        properties: { selector: { type: 'string' }, ref: { type: 'string' } },
        oneOf: [{ required: ['selector'] }, { required: ['ref'] }],
      },
    },
    miss: { json: { type: 'object', properties: { selector: { type: 'string' }, ref: { type: 'string' } } } },
  },
  {
    rule: 'object-properties',
    target: 'copilot-cli',
    at: [],
    trigger: { json: { type: 'object', additionalProperties: false } },
    miss: { input: (z) => z.object({}) },
  },
  {
    rule: 'ref',
    target: 'copilot-cli',
    at: ['properties', 'params'],
    trigger: { json: { type: 'object', properties: { params: { $ref: '#/$defs/QueryServerParams' } }, $defs: { QueryServerParams: { type: 'object' } } } },
    miss: { json: { type: 'object', properties: { params: { type: 'object' } } } },
  },
  {
    rule: 'property-schema',
    target: 'mcp-sdk-client',
    at: ['properties', 'anything'],
    trigger: { json: { type: 'object', properties: { anything: true } } },
    miss: { input: (z) => z.object({ anything: z.unknown() }) },
  },
  { rule: 'tools-per-server', target: 'vscode-copilot', at: [], trigger: { toolCount: 129 }, miss: { toolCount: 128 } },
  { rule: 'tools-per-server', target: 'cursor', at: [], trigger: { toolCount: 81 }, miss: { toolCount: 80 } },
  { rule: 'tools-per-server', target: 'anthropic-strict', at: [], trigger: { toolCount: 21 }, miss: { toolCount: 20 } },
];

function definitionOf(b: Built, z: Z): ToolDefinition {
  const name = b.name ?? 'fetch_page';
  const inputSchema = b.json ?? (b.input ? advertise({ name, input: b.input(z) }).jsonSchema : { type: 'object' });
  return {
    name,
    inputSchema,
    ...(b.description !== undefined ? { description: b.description } : {}),
    ...(b.output ? { outputSchema: b.output } : {}),
    ...(b.sent ? { ...b.sent, sent: true } : {}),
  };
}

function violationsOf(f: Fixture, b: Built, z: Z) {
  if (b.toolCount !== undefined) return judgeServer({ server: 'srv', toolCount: b.toolCount }, [f.target]);
  return judgeTool(definitionOf(b, z), { server: b.server }, [f.target]);
}

const where = (f: Fixture, major: 3 | 4) => (Array.isArray(f.at) ? f.at : f.at[major]);
const atFor = (f: Fixture, major: 3 | 4) => (v: { rule: RuleId; pointer: string[] }) => v.rule === f.rule && v.pointer.join('/') === where(f, major).join('/');

describe.each([
  ['zod 4', z4, 4],
  ['zod 3', z3, 3],
] as const)('client rules, %s', (_flavour, z, major) => {
  for (const f of FIXTURES) {
    const name = `${f.target} ${f.rule}`;
    const at = () => atFor(f, major);
    if (f.only && f.only.major !== major) {
      it(`${name}: cannot be triggered (${f.only.why}), and its near miss passes`, () => {
        expect(violationsOf(f, f.trigger, z).filter(at())).toEqual([]);
        expect(violationsOf(f, f.miss, z).filter(at())).toEqual([]);
      });
      continue;
    }
    it(`${name}: the fixture breaks it at /${where(f, major).join('/')}, the near miss does not`, () => {
      const hit = violationsOf(f, f.trigger, z).filter(at());
      expect(hit, JSON.stringify(definitionOf(f.trigger, z).inputSchema)).toHaveLength(1);
      expect(hit[0].targets.map((t) => t.target)).toEqual([f.target]);
      expect(violationsOf(f, f.miss, z).filter(at()), JSON.stringify(definitionOf(f.miss, z).inputSchema)).toEqual([]);
    });
  }
});

it('every rule of every profile has a fixture', async () => {
  const { PROFILES } = await import('../../../shared/clients/index');
  const covered = new Set(FIXTURES.map((f) => `${f.target} ${f.rule}`));
  // A retired rule is judged only as of a past date: its incidents cover it (incidents.test.ts).
  const missing = PROFILES.flatMap((p) => p.rules.filter((r) => !r.retired).map((r) => `${p.id} ${r.id}`)).filter((k) => !covered.has(k));
  // A rule can be covered through a sibling target sharing its check; the list names what is covered only so.
  expect(missing.filter((k) => !SHARED_CHECK.has(k))).toEqual([]);
});

/** Rules whose check is exercised by another target's fixture with the same parameters. */
const SHARED_CHECK = new Set([
  'openai-strict root-combinator',
  'openai-strict name-length',
  'openai-strict name-characters',
  'openai name-characters',
  'anthropic name-length',
  'anthropic-strict root-combinator',
  'anthropic-strict name-length',
  'gemini name-length',
  'gemini-json name-length',
  'gemini-json name-characters',
  'claude-desktop root-combinator',
  'visual-studio-copilot-gpt5 strict-required',
  'visual-studio-copilot-gpt5 strict-additional-properties',
]);

it('places a recursive $ref zod 4 moved into definitions where the definition is used: on the z.lazy', async () => {
  const { placeViolation, siteOfPointer } = await import('../../../shared/clients/index');
  const input = tree(z4);
  const { jsonSchema } = advertise({ name: 't', input });
  const recursive = judgeTool({ name: 't', inputSchema: jsonSchema }, {}, ['gemini']).find((v) => v.rule === 'ref' && v.pointer[0] === 'definitions')!;
  expect(recursive.pointer).toEqual(['definitions', '__schema0', 'properties', 'children', 'items']);
  const placed = placeViolation(recursive, (p) => siteOfPointer(input, p), jsonSchema);
  expect(placed.path).toEqual(['tree', 'children', '*']);
  expect(placed.site).toEqual({ trail: [{ kind: 'key', key: 'tree' }], anchor: 'node' });
});

it('names a node of the output schema as such, at its output path, never "the input schema"', async () => {
  const { placeViolation, clientFinding } = await import('../../../shared/clients/index');
  const { jsonSchema: outputSchema } = advertise({ name: 't', input: z4.object({ root: tree(z4) }) });
  const definition: ToolDefinition = { name: 't', inputSchema: { type: 'object', properties: {} }, outputSchema };
  const messages = judgeTool(definition, {}, ['claude-code'])
    .filter((v) => v.rule === 'ref-recursive')
    .map((v) => clientFinding('t', placeViolation(v, undefined, definition.inputSchema, definition.outputSchema), ['claude-code'])!.message);
  expect(messages).toEqual([
    'Tool t: `root.tree.children[*]` of the output schema is a recursive $ref (#/definitions/__schema0) (from `z.lazy`), so Claude Code drops every tool of the server; give the recursion a fixed depth. Claude Code was observed to drop every tool of the server (tools fetch failed; as of 2026-12-01). Or take that value as a JSON string.',
  ]);
});

describe('a message is as sure as its evidence', () => {
  const base = { rule: 'format' as const, path: ['url'], part: 'input' as const, detail: { format: 'uri' } };
  const target = (label: string, evidence: RuleEvidence) => ({ label, consequence: 'request-rejected' as const, detail: {}, says: 'bad format', evidence });
  const sentence = async (targets: ReturnType<typeof target>[]) => (await import('../../../shared/findings')).messages.clientRejects('t', { ...base, targets });

  it('documented or SDK source: "rejects"; observed: when and on what; inferred: "may"', async () => {
    // The first sentence says what happens and the fix; the evidence sentence after it is as sure as the evidence.
    expect(await sentence([target('A', { kind: 'documented', confirmed: '2026-01-02' })])).toContain(
      'so A rejects the request; use .regex(...) instead. A rejects the request (bad format).',
    );
    expect(await sentence([target('A', { kind: 'sdk-source', confirmed: '2026-01-02' })])).toContain(
      'so A rejects the request; use .regex(...) instead. A rejects the request (bad format).',
    );
    expect(await sentence([target('A', { kind: 'observed', confirmed: '2026-01-02', observedOn: 'gpt-5' })])).toContain(
      'so A rejects the request; use .regex(...) instead. A was observed to reject the request (bad format; on gpt-5, as of 2026-01-02).',
    );
    expect(await sentence([target('A', { kind: 'inferred', confirmed: '2026-01-02' })])).toContain(
      'so A may reject the request; use .regex(...) instead. A may reject the request (bad format).',
    );
  });

  it('targets share a clause only on the same kind of evidence', async () => {
    const text = await sentence([
      target('A', { kind: 'documented', confirmed: '2026-01-02' }),
      target('B', { kind: 'observed', confirmed: '2026-01-02' }),
      target('C', { kind: 'observed', confirmed: '2026-01-02' }),
    ]);
    expect(text).toContain(
      'so A and 2 more reject the request; use .regex(...) instead. A rejects the request (bad format). B and C were observed to reject the request (bad format; as of 2026-01-02).',
    );
  });
});

describe('strict budgets are counted over a whole request', () => {
  const optional = (n: number, from = 0) => ({
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${from + i}`, { type: 'string' }])),
  });
  const budget = (schemas: unknown[]) =>
    judgeServer({ server: 'srv', toolCount: schemas.length, inputSchemas: schemas }, ['anthropic-strict']).filter((v) => v.rule === 'optional-budget');

  it('a server whose tools each stay within 24 optional properties but pass it together breaks it once, at the server', async () => {
    const hits = budget([optional(10), optional(10), optional(5)]);
    expect(hits.map((h) => [h.part, h.detail])).toEqual([['server', { count: 25, limit: 24, tools: 3, server: 'srv' }]]);
    const { clientFinding, placeViolation } = await import('../../../shared/clients/index');
    expect(clientFinding(undefined, placeViolation(hits[0]), ['anthropic-strict'])!.message).toContain(
      'The 3 tools of server srv have 25 optional properties together, so Anthropic (strict) rejects the request; make keys required with .nullable(). Anthropic (strict) (limit 24) was observed to reject the request',
    );
  });

  it('not where the sum stays within it, nor where one tool alone is over it (its own finding says so)', () => {
    expect(budget([optional(12), optional(12)])).toEqual([]);
    expect(budget([optional(30), optional(1)])).toEqual([]);
    expect(judgeTool({ name: 't', inputSchema: optional(30) }, {}, ['anthropic-strict']).map((v) => v.rule)).toContain('optional-budget');
  });
});

describe('directories read the definition the library sent', () => {
  it('names what is missing, and judges no emulation (whose title and hints are unknown)', async () => {
    const { clientFinding, placeViolation } = await import('../../../shared/clients/index');
    const sent: ToolDefinition = { name: 'fetch_page', inputSchema: { type: 'object' }, annotations: {}, sent: true };
    const [v] = judgeTool(sent, {}, ['claude-directory']);
    expect(v.detail).toEqual({ missing: 'title, readOnlyHint or destructiveHint' });
    expect(clientFinding('fetch_page', placeViolation(v), ['claude-directory'])!.message).toBe(
      "Tool fetch_page: the tool does not set title, readOnlyHint or destructiveHint, so Claude's connectors directory refuses the listing; set title and annotations in the registration. Claude's connectors directory refuses the listing (Every tool must include a title and the applicable hint). Set annotations: { readOnlyHint, destructiveHint, openWorldHint }, each true or false.",
    );
    expect(judgeTool({ ...sent, sent: false }, {}, ['claude-directory', 'chatgpt-apps'])).toEqual([]);
  });
});
