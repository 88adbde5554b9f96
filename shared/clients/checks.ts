/**
 * The checks behind rule ids: each reads the tool's definition (its schema nodes walked once) and a rule's
 * parameters, and returns where the rule is broken. The same id is the same check at every target; what differs
 * per target (limits, allowlists, consequence, source) is data in its profile.
 */
import { refPointer, schemaNodes, type JsonObject, type SchemaNode } from './schemaNodes';
import type { Hit, HitPart, Rule, RuleId, ServerContext, ToolDefinition } from './types';

/** A tool made ready for judging: its parts' nodes computed once. */
export interface PreparedTool {
  definition: ToolDefinition;
  context: ServerContext;
  nodes: Record<'input' | 'output', SchemaNode[]>;
}

export function prepareTool(definition: ToolDefinition, context: ServerContext = {}): PreparedTool {
  return {
    definition,
    context,
    nodes: {
      input: schemaNodes(definition.inputSchema),
      output: definition.outputSchema === undefined ? [] : schemaNodes(definition.outputSchema),
    },
  };
}

type SchemaPart = 'input' | 'output';
type Check = (tool: PreparedTool, rule: Rule, part: SchemaPart) => Hit[];

const COMBINATORS = ['oneOf', 'anyOf', 'allOf'] as const;

/** Each profile's name pattern compiled once: every tool is judged against every target twice per evaluation. */
const namePatterns = new Map<string, RegExp>();
function namePattern(source: string): RegExp {
  let pattern = namePatterns.get(source);
  if (!pattern) namePatterns.set(source, (pattern = new RegExp(source)));
  return pattern;
}
/** The dialect a 2020-12-only validator accepts (with or without the trailing `#`). */
const DIALECT_2020_12 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const hit = (part: HitPart, pointer: string[], detail: Hit['detail'] = {}): Hit => ({ part, pointer, detail });

function isObjectSchema(node: JsonObject): boolean {
  const t = node.type;
  return t === 'object' || (Array.isArray(t) && t.includes('object')) || isObject(node.properties);
}

/** Each node where `test` holds (skipping the root when `skipRoot`), as a hit with its detail. */
function eachNode(tool: PreparedTool, part: SchemaPart, test: (n: JsonObject, at: SchemaNode) => Hit['detail'] | undefined, skipRoot = false): Hit[] {
  const out: Hit[] = [];
  for (const at of tool.nodes[part]) {
    if (skipRoot && at.pointer.length === 0) continue;
    const detail = test(at.node, at);
    if (detail) out.push(hit(part, at.pointer, detail));
  }
  return out;
}

/** The whole-tool count of something, as one hit at the root when it is over the rule's limit. */
function overLimit(part: SchemaPart, count: number, rule: Rule): Hit[] {
  const limit = rule.params?.limit ?? Infinity;
  return count > limit ? [hit(part, [], { count, limit })] : [];
}

/** The name as the client sends it: with its prefix. */
export function prefixedName(tool: PreparedTool, rule: Rule): string {
  const prefix = rule.params?.namePrefix ?? '';
  return prefix.replace('{server}', tool.context.server ?? 'server') + tool.definition.name;
}

const rootTypeCheck: Check = (tool, rule, part) => {
  const root = tool.nodes[part][0]?.node;
  if (!root) return [];
  if (root.type === 'object') return [];
  // root-combinator says it better, unless the rule is about the type itself (a client that loses more for it).
  if (!rule.params?.untypedCombinator && root.type === undefined && COMBINATORS.some((k) => Array.isArray(root[k]))) return [];
  return [hit(part, [], { type: root.type === undefined ? 'no type' : JSON.stringify(root.type) })];
};

/** Keywords that bound a number, a string's length or an array's size; `minItems` only above 1. */
const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'maxItems', 'minItems'] as const;

export const CHECKS: Record<RuleId, Check> = {
  'root-type': rootTypeCheck,
  'output-root-type': rootTypeCheck,
  'output-dialect': (tool, _rule, part) => {
    const root = tool.nodes[part][0]?.node;
    const dialect = root?.$schema;
    return typeof dialect === 'string' && !DIALECT_2020_12.test(dialect) ? [hit(part, [], { dialect })] : [];
  },
  'root-combinator': (tool, rule, part) => {
    const root = tool.nodes[part][0]?.node;
    const keywords = rule.params?.keywords;
    const keyword = root && (keywords ? keywords.find((k) => root[k] !== undefined) : COMBINATORS.find((k) => Array.isArray(root[k])));
    return keyword ? [hit(part, [], { keyword })] : [];
  },
  bounds: (tool, _rule, part) =>
    eachNode(tool, part, (n) => {
      const found = BOUNDS.filter((k) => typeof n[k] === 'number' && (k !== 'minItems' || n[k] > 1));
      return found.length > 0 ? { keyword: found.join(', '), count: found.length } : undefined;
    }),
  'description-length': (tool, rule) => {
    const length = tool.definition.description?.length ?? 0;
    const limit = rule.params?.limit ?? Infinity;
    return length > limit ? [hit('tool', [], { length, limit })] : [];
  },
  'object-properties': (tool, _rule, part) =>
    eachNode(tool, part, (n) => (n.type === 'object' && n.properties === undefined ? { properties: 'absent' } : undefined)),
  // The root only: that is what an MCP client's parser of the tool list reads.
  'required-array': (tool, _rule, part) => {
    const root = tool.nodes[part][0]?.node;
    if (!root || !('required' in root)) return [];
    const names = root.required;
    return Array.isArray(names) && names.every((k) => typeof k === 'string') ? [] : [hit(part, [], { value: JSON.stringify(names) })];
  },
  // The root only, as an MCP client's parser reads it: each property's schema an object (not `true`).
  'property-schema': (tool, _rule, part) => {
    const properties = tool.nodes[part][0]?.node.properties;
    if (!isObject(properties)) return [];
    return Object.entries(properties).flatMap(([key, value]) =>
      typeof value === 'object' && value !== null ? [] : [hit(part, ['properties', key], { key, value: JSON.stringify(value) })],
    );
  },
  'dialect-2020-12': (tool, _rule, part) => {
    const dialect = tool.nodes[part][0]?.node.$schema;
    return typeof dialect === 'string' && DIALECT_2020_12.test(dialect) ? [hit(part, [], { dialect })] : [];
  },
  'one-of': (tool, _rule, part) => eachNode(tool, part, (n) => (Array.isArray(n.oneOf) ? { keyword: 'oneOf' } : undefined), true),
  'all-of': (tool, _rule, part) => eachNode(tool, part, (n) => (Array.isArray(n.allOf) ? { keyword: 'allOf' } : undefined), true),
  'strict-required': (tool, _rule, part) => {
    const out: Hit[] = [];
    for (const { node, pointer } of tool.nodes[part]) {
      if (!isObject(node.properties)) continue;
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      for (const key of Object.keys(node.properties)) if (!required.has(key)) out.push(hit(part, [...pointer, 'properties', key], { key }));
    }
    return out;
  },
  'strict-additional-properties': (tool, _rule, part) =>
    eachNode(tool, part, (n) =>
      isObjectSchema(n) && n.additionalProperties !== false
        ? { value: n.additionalProperties === undefined ? 'absent' : JSON.stringify(n.additionalProperties) }
        : undefined,
    ),
  format: (tool, rule, part) => {
    const allowed = new Set(rule.params?.formats ?? []);
    return eachNode(tool, part, (n) => (typeof n.format === 'string' && !allowed.has(n.format) ? { format: n.format } : undefined));
  },
  ref: (tool, _rule, part) => eachNode(tool, part, (n) => (typeof n.$ref === 'string' ? { ref: n.$ref } : undefined)),
  'ref-recursive': (tool, _rule, part) =>
    eachNode(tool, part, (n, at) => {
      const target = refPointer(n.$ref);
      if (!target) return undefined;
      // A reference to an ancestor (or to the definition it sits in) is a cycle.
      const cyclic = target.length <= at.pointer.length && target.every((seg, i) => at.pointer[i] === seg);
      return cyclic ? { ref: String(n.$ref) } : undefined;
    }),
  'schema-keyword': (tool, _rule, part) => eachNode(tool, part, (n) => (n.$schema !== undefined ? { keyword: '$schema' } : undefined)),
  'unsupported-keyword': (tool, rule, part) => {
    const keywords = rule.params?.keywords ?? [];
    return eachNode(tool, part, (n) => {
      const found = keywords.filter((k) => n[k] !== undefined);
      return found.length > 0 ? { keyword: found.join(', '), count: found.length } : undefined;
    });
  },
  const: (tool, _rule, part) => eachNode(tool, part, (n) => (n.const !== undefined ? { value: JSON.stringify(n.const) } : undefined)),
  'type-array': (tool, _rule, part) => eachNode(tool, part, (n) => (Array.isArray(n.type) ? { type: JSON.stringify(n.type) } : undefined)),
  'null-type': (tool, _rule, part) => eachNode(tool, part, (n) => (n.type === 'null' ? { type: 'null' } : undefined)),
  'enum-non-string': (tool, _rule, part) =>
    eachNode(tool, part, (n) => {
      if (!Array.isArray(n.enum)) return undefined;
      const bad: unknown = (n.enum as unknown[]).find((v) => typeof v !== 'string');
      return bad !== undefined ? { value: JSON.stringify(bad) } : undefined;
    }),
  'array-items': (tool, _rule, part) =>
    eachNode(tool, part, (n) =>
      (n.type === 'array' || (Array.isArray(n.type) && n.type.includes('array'))) && !isObject(n.items)
        ? { items: n.items === undefined ? 'absent' : 'a list' }
        : undefined,
    ),
  depth: (tool, rule, part) => {
    const limit = rule.params?.limit ?? Infinity;
    return eachNode(tool, part, (_n, at) => (at.depth === limit + 1 ? { depth: at.depth, limit } : undefined));
  },
  'enum-count': (tool, rule, part) => {
    let count = 0;
    for (const { node } of tool.nodes[part]) if (Array.isArray(node.enum)) count += node.enum.length;
    return overLimit(part, count, rule);
  },
  'optional-budget': (tool, rule, part) => overLimit(part, optionalCount(tool.nodes[part]), rule),
  'union-budget': (tool, rule, part) => overLimit(part, unionCount(tool.nodes[part]), rule),
  'name-length': (tool, rule) => {
    const name = prefixedName(tool, rule);
    const limit = rule.params?.limit ?? Infinity;
    return name.length > limit ? [hit('name', [], { name, length: name.length, limit })] : [];
  },
  'name-characters': (tool, rule) => {
    const pattern = namePattern(rule.params?.namePattern ?? '.*');
    return pattern.test(tool.definition.name) ? [] : [hit('name', [], { name: tool.definition.name, pattern: rule.params?.namePattern ?? '' })];
  },
  annotations: (tool, rule) => {
    const definition = tool.definition;
    if (!definition.sent) return [];
    const hints = isObject(definition.annotations) ? definition.annotations : {};
    const isSet = (what: string) =>
      what === 'title' ? [definition.title, hints.title].some((t) => typeof t === 'string' && t.trim() !== '') : typeof hints[what] === 'boolean';
    const missing = (rule.params?.hints ?? []).filter((need) => !need.split('|').some(isSet));
    return missing.length > 0 ? [hit('tool', [], { missing: missing.map((m) => m.split('|').join(' or ')).join(', ') })] : [];
  },
  'tools-per-server': (tool, rule) => {
    const count = tool.context.toolCount;
    const limit = rule.params?.limit ?? Infinity;
    return count !== undefined && count > limit ? [hit('server', [], { count, limit })] : [];
  },
};

/** Optional properties over a schema's nodes (every object's keys not in its `required`). */
function optionalCount(nodes: readonly SchemaNode[]): number {
  let count = 0;
  for (const { node } of nodes) {
    if (!isObject(node.properties)) continue;
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    for (const key of Object.keys(node.properties)) if (!required.has(key)) count++;
  }
  return count;
}

/** Union-typed properties over a schema's nodes (an anyOf or a list of types). */
function unionCount(nodes: readonly SchemaNode[]): number {
  let count = 0;
  for (const { node } of nodes) {
    if (!isObject(node.properties)) continue;
    for (const value of Object.values(node.properties)) if (isObject(value) && (Array.isArray(value.anyOf) || Array.isArray(value.type))) count++;
  }
  return count;
}

const COUNTS: Partial<Record<RuleId, (nodes: readonly SchemaNode[]) => number>> = { 'optional-budget': optionalCount, 'union-budget': unionCount };

/**
 * Budgets a provider counts over every tool of one request (the strict grammar is compiled for all of them): judged
 * per tool, and summed over a server's tools, where every tool is known.
 */
export const REQUEST_BUDGETS: ReadonlySet<RuleId> = new Set<RuleId>(['optional-budget', 'union-budget']);

/**
 * A request budget summed over the server's tools (`context.inputSchemas`), as one server hit; none where a tool
 * alone is over it (that tool's own finding says so) or the sum stays within it.
 */
export function requestBudgetHits(context: ServerContext, rule: Rule): Hit[] {
  const count = COUNTS[rule.id];
  const schemas = context.inputSchemas ?? [];
  if (!count || schemas.length < 2) return [];
  const limit = rule.params?.limit ?? Infinity;
  const counts = schemas.map((s) => count(schemaNodes(s)));
  const total = counts.reduce((a, b) => a + b, 0);
  if (counts.some((c) => c > limit) || total <= limit) return [];
  return [hit('server', [], { count: total, limit, tools: schemas.length })];
}

/** Rules about the whole server, judged where every tool of it is known. */
export const SERVER_RULES: ReadonlySet<RuleId> = new Set<RuleId>(['tools-per-server']);
