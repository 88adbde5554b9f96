/**
 * The finding codes, each defined in its own file (`<code>.ts`: code, default severity, summary, messages, and the
 * docs' table cells), registered here in the order the docs list them. Fronts never word a finding themselves.
 */
import type { Finding, FindingRule, FindingSite, Severity } from '../types';
import { FINDING_CODE_LIST, type FindingCode } from './codes';
import { collisionWidened } from './collision-widened';
import { enumWidened } from './enum-widened';
import { unionKept } from './union-kept';
import { notWalked } from './not-walked';
import { strictnessDropped } from './strictness-dropped';
import { notMountable } from './not-mountable';
import { evaluationFailed } from './evaluation-failed';
import { evaluationRefused } from './evaluation-refused';
import { schemaDropped } from './schema-dropped';
import { listFails } from './list-fails';
import { unionShipped } from './union-shipped';
import { clientRejects } from './client-rejects';
import { overBudget } from './over-budget';
import { noToolsFound } from './no-tools-found';
import { validationRejects } from './validation-rejects';
import { mcpHeaderInvalid } from './mcp-header-invalid';
import { structuredContentMissing } from './structured-content-missing';
import { untypedProperty } from './untyped-property';
import { validationAcceptsMore } from './validation-accepts-more';
import { configInvalid } from './config-invalid';
import { unusedSuppression } from './unused-suppression';
import { verdictDrift } from './verdict-drift';

export { defineFinding, type FindingDefinition, type FindingDocs } from './define';
export type { VerifiedAnswer } from './verdict-drift';
export { formatPath, type ClientRejection, type FlattenLoss, type HeavyKey, type Who } from './wording';

/** Every finding code, in the docs' order. */
export const FINDINGS = [
  collisionWidened,
  enumWidened,
  unionKept,
  notWalked,
  strictnessDropped,
  notMountable,
  evaluationFailed,
  evaluationRefused,
  schemaDropped,
  listFails,
  unionShipped,
  clientRejects,
  overBudget,
  noToolsFound,
  validationRejects,
  mcpHeaderInvalid,
  structuredContentMissing,
  untypedProperty,
  validationAcceptsMore,
  configInvalid,
  unusedSuppression,
  verdictDrift,
] as const;

export type { FindingCode } from './codes';

// The registry and the list of codes agree, both ways: a code without a definition, or a definition whose code is not
// listed, is a type error here.
const _everyCodeDefined: readonly FindingCode[] = FINDING_CODE_LIST satisfies readonly (typeof FINDINGS)[number]['code'][];
const _everyDefinitionListed: readonly FindingCode[] = FINDINGS.map((f) => f.code);
void _everyCodeDefined;
void _everyDefinitionListed;

export interface CodeInfo {
  code: FindingCode;
  defaultSeverity: Severity;
  summary: string;
}

export const CODES = Object.fromEntries(FINDINGS.map(({ code, defaultSeverity, summary }) => [code, { code, defaultSeverity, summary }])) as Record<
  FindingCode,
  CodeInfo
>;

export const FINDING_CODES: FindingCode[] = FINDINGS.map((f) => f.code);

/** The wording of every engine finding, by message name. */
export const messages = {
  ...collisionWidened.messages,
  ...enumWidened.messages,
  ...unionKept.messages,
  ...notWalked.messages,
  ...strictnessDropped.messages,
  ...notMountable.messages,
  ...evaluationFailed.messages,
  ...evaluationRefused.messages,
  ...schemaDropped.messages,
  ...listFails.messages,
  ...unionShipped.messages,
  ...clientRejects.messages,
  ...overBudget.messages,
  ...noToolsFound.messages,
  ...validationRejects.messages,
  ...mcpHeaderInvalid.messages,
  ...structuredContentMissing.messages,
  ...untypedProperty.messages,
  ...validationAcceptsMore.messages,
  ...configInvalid.messages,
  ...unusedSuppression.messages,
  ...verdictDrift.messages,
};

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
