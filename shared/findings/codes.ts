/**
 * Every finding code, in the docs' order: a leaf the engine's vocabulary (shared/types.ts) names codes by, so that it
 * need not import the findings that import it. index.ts registers a definition for each, and the compiler checks the
 * two lists agree.
 */
export const FINDING_CODE_LIST = [
  'collision-widened',
  'enum-widened',
  'union-kept',
  'not-walked',
  'strictness-dropped',
  'not-mountable',
  'evaluation-failed',
  'evaluation-refused',
  'schema-dropped',
  'list-fails',
  'union-shipped',
  'client-rejects',
  'over-budget',
  'no-tools-found',
  'validation-rejects',
  'mcp-header-invalid',
  'structured-content-missing',
  'untyped-property',
  'validation-accepts-more',
  'config-invalid',
  'unused-suppression',
  'verdict-drift',
] as const;

export type FindingCode = (typeof FINDING_CODE_LIST)[number];
