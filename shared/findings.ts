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
    summary: 'A key declared by two or more variants is advertised as `unknown`: different shapes, or a check the flat field cannot carry.',
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
    summary: '`.strict()`, `.passthrough()`, `.catchall()` or an object-level refinement is not in the advertised schema.',
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
  'client-rejects': {
    code: 'client-rejects',
    defaultSeverity: 'error',
    summary: 'A client or model provider refuses, drops or rewrites the tool: error where the request or the whole tool list fails, warning where one tool is dropped, information where it is rewritten or warned about.',
  },
  'no-tools-found': {
    code: 'no-tools-found',
    defaultSeverity: 'warning',
    summary: 'A file that builds a server, or an entry point, ran and registered no tool: what was run and what was not called.',
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

/** Render a schema path for messages: `media`, `content.parts[*].url`, `(root)`. */
export function formatPath(path: readonly string[]): string {
  if (path.length === 0) return '(root)';
  return path.map((seg, i) => (seg === '*' ? '[*]' : i === 0 ? seg : `.${seg}`)).join('');
}

/** The rule ids a finding can carry, for checks that share a code with others. */
export const RULES = {
  /** `not-mountable`: a tool name registered more than once. */
  duplicateName: 'duplicate-name',
} as const satisfies Record<string, FindingRule>;
