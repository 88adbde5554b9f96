/**
 * The one source of truth for finding codes: their default severity, a one-line summary (SARIF rule
 * text, README table) and the wording of every message. Fronts never word a finding themselves.
 */
import type { Finding, FindingCode, FindingRule, FindingSite, Severity } from './types';

export interface CodeInfo {
  code: FindingCode;
  defaultSeverity: Severity;
  summary: string;
}

export const CODES: Record<FindingCode, CodeInfo> = {
  'collision-widened': {
    code: 'collision-widened',
    defaultSeverity: 'warning',
    summary:
      'A key declared by two or more variants is advertised as `unknown` (or its bare JSON type, with `collisionWidening: base-type`): different shapes, or checks that may differ between variants.',
  },
  'enum-widened': {
    code: 'enum-widened',
    defaultSeverity: 'information',
    summary: 'String literal or enum values of several variants were merged into one enum.',
  },
  'union-kept': {
    code: 'union-kept',
    defaultSeverity: 'warning',
    summary: 'A union could not be flattened and keeps its `oneOf`/`anyOf`.',
  },
  'not-walked': {
    code: 'not-walked',
    defaultSeverity: 'warning',
    summary: 'A lazy, tuple, map, set, pipe/transform, readonly or catch member is not walked.',
  },
  'strictness-dropped': {
    code: 'strictness-dropped',
    defaultSeverity: 'information',
    summary:
      '`.strict()` or an object-level refinement is not in the advertised schema; a `.passthrough()`/`.catchall()` variant leaves the flat object open for every variant.',
  },
  'not-mountable': {
    code: 'not-mountable',
    defaultSeverity: 'error',
    summary: 'The probe refuses the tool: non-object input, unrepresentable type, a key in both params and input, or a duplicate tool name.',
  },
  'evaluation-failed': {
    code: 'evaluation-failed',
    defaultSeverity: 'warning',
    summary: 'A file could not be bundled or run (syntax error, missing import, throw at load, time-out, untrusted workspace).',
  },
  'evaluation-refused': {
    code: 'evaluation-refused',
    defaultSeverity: 'information',
    summary:
      'While checking, a module tried something the check refuses (a write outside the scratch folder, a read outside the workspace, a process, a thread, a connection beyond loopback); the attempt failed and evaluation went on.',
  },
  'mcp-header-invalid': {
    code: 'mcp-header-invalid',
    defaultSeverity: 'error',
    summary:
      'A parameter marked `x-mcp-header` that protocol 2026-07-28 (SEP-2243) forbids: not a valid header name, not reachable through plain `properties`, not a string, integer or boolean, or a duplicate; clients on Streamable HTTP leave the tool out of tools/list.',
  },
  'structured-content-missing': {
    code: 'structured-content-missing',
    defaultSeverity: 'error',
    summary:
      "A tool declares an output schema, but its handler returns an object without `structuredContent`: the client's callTool fails with MCP error -32600.",
  },
  'schema-dropped': {
    code: 'schema-dropped',
    defaultSeverity: 'error',
    summary:
      'The library replaced the input with an empty object (a root union on MCP SDK 1.23+): the model is told the tool takes no arguments; or it sent no output schema for the one declared (a warning).',
  },
  'list-fails': {
    code: 'list-fails',
    defaultSeverity: 'error',
    summary: "Converting this tool's input throws, so the server's whole `tools/list` fails and every tool of it is lost.",
  },
  'untyped-property': {
    code: 'untyped-property',
    defaultSeverity: 'warning',
    summary:
      'A property of the input is advertised with a description only (or `{}`) and no type: a model may send any JSON value there, e.g. the string "1" where a number is meant (`z.any()`, `z.unknown()`; a key the flatten widened is `collision-widened` instead).',
  },
  'validation-accepts-more': {
    code: 'validation-accepts-more',
    defaultSeverity: 'information',
    summary:
      'Validation accepts more than the advertised schema says: a `z.coerce.string|number|boolean()` is advertised as its plain type and converts whatever is sent; a `.catch()` turns any invalid value into its fallback.',
  },
  'config-invalid': {
    code: 'config-invalid',
    defaultSeverity: 'error',
    summary:
      'The project configuration (`toolschemalens.config.json`, a `tsconfig.json`) does not parse (an error: the folder is checked without it), or names a key, value, client or rule that does not exist (a warning: that entry is ignored).',
  },
  'unused-suppression': {
    code: 'unused-suppression',
    defaultSeverity: 'warning',
    summary:
      'A `// tool-schema-lens-disable-next-line` comment suppresses nothing on the next line: the finding it named is gone, or it names a code or rule that is not reported there.',
  },
  'union-shipped': {
    code: 'union-shipped',
    defaultSeverity: 'warning',
    summary: 'The tool ships a `oneOf`/`anyOf` as written (warning at the root, information nested); says what flattening would ship and lose.',
  },
  'client-rejects': {
    code: 'client-rejects',
    defaultSeverity: 'error',
    summary:
      'A client or model provider refuses, drops or rewrites the tool: error where the request or the whole tool list fails, warning where one tool is dropped, information where it is rewritten or warned about.',
  },
  'over-budget': {
    code: 'over-budget',
    defaultSeverity: 'information',
    summary: "A tool's definition (or a whole server's) costs more tokens than `toolSchemaLens.budget.*` allows.",
  },
  'no-tools-found': {
    code: 'no-tools-found',
    defaultSeverity: 'warning',
    summary: 'A file that builds a server, or an entry point, ran and registered no tool: what was run and what was not called.',
  },
  'validation-rejects': {
    code: 'validation-rejects',
    defaultSeverity: 'error',
    summary:
      'A key ships, but its zod rejects every value a model can send there (a z.date() gets a string: JSON has no Date), so every call that sets it fails validation.',
  },
};

export const FINDING_CODES = Object.keys(CODES) as FindingCode[];

/** Build a finding with the code's default severity unless one is given. */
export function finding(
  code: FindingCode,
  message: string,
  fields: { path?: string[]; sites?: FindingSite[]; severity?: Severity } & Partial<Omit<Finding, 'code' | 'message'>> = {},
): Finding {
  return {
    code,
    severity: fields.severity ?? CODES[code].defaultSeverity,
    message,
    ...fields,
    path: fields.path ?? [],
    sites: fields.sites && fields.sites.length > 0 ? fields.sites : [{ trail: [], anchor: 'tool' }],
  };
}

/** Found by probing what ships (the tool mounts, a call validates), not lost by flattening: never a flatten loss. */
export function isProbeFinding(f: Pick<Finding, 'code'>): boolean {
  return f.code === 'not-mountable' || f.code === 'validation-rejects';
}

/** Render a schema path for messages: `media`, `content.parts[*].url`, `(root)`. */
export function formatPath(path: readonly string[]): string {
  if (path.length === 0) return '(root)';
  return path.map((seg, i) => (seg === '*' ? '[*]' : i === 0 ? seg : `.${seg}`)).join('');
}

/** The rule ids a finding can carry, for checks that share a code with others. */
export const RULES = {
  /** `not-mountable`: a tool name registered more than once. */
  duplicateName: 'duplicate-name',
  /** `not-mountable`: a node JSON Schema cannot express (the engine's prediction; the library may ship it after all). */
  unrepresentable: 'unrepresentable',
  /** `over-budget`: one tool's definition over `budget.tokensPerTool`. */
  toolOverBudget: 'tool-over-budget',
  /** `over-budget`: a server's tools together over `budget.tokensPerServer`. */
  serverOverBudget: 'server-over-budget',
  /** `no-tools-found`: a checked workspace that depends on a tool library yielded no tool at all (an error). */
  workspaceWithoutTools: 'workspace-without-tools',
} as const satisfies Record<string, FindingRule>;
