/**
 * Every code's docs cells (`docs` in `<code>.ts`), by code: for a front that explains a finding on request (the MCP
 * server's explain_finding). Kept out of every bundle that does not import this file, as the cells themselves are;
 * typed by `FindingCode`, so a code registered without its docs is a type error here.
 */
import type { FindingDocs } from './define';
import type { FindingCode } from './index';
import { docs as clientRejects } from './client-rejects';
import { docs as collisionWidened } from './collision-widened';
import { docs as configInvalid } from './config-invalid';
import { docs as enumWidened } from './enum-widened';
import { docs as evaluationFailed } from './evaluation-failed';
import { docs as evaluationRefused } from './evaluation-refused';
import { docs as listFails } from './list-fails';
import { docs as mcpHeaderInvalid } from './mcp-header-invalid';
import { docs as noToolsFound } from './no-tools-found';
import { docs as notMountable } from './not-mountable';
import { docs as notWalked } from './not-walked';
import { docs as overBudget } from './over-budget';
import { docs as schemaDropped } from './schema-dropped';
import { docs as strictnessDropped } from './strictness-dropped';
import { docs as structuredContentMissing } from './structured-content-missing';
import { docs as unionKept } from './union-kept';
import { docs as unionShipped } from './union-shipped';
import { docs as untypedProperty } from './untyped-property';
import { docs as unusedSuppression } from './unused-suppression';
import { docs as validationAcceptsMore } from './validation-accepts-more';
import { docs as validationRejects } from './validation-rejects';
import { docs as verdictDrift } from './verdict-drift';

export const FINDING_DOCS: Record<FindingCode, FindingDocs> = {
  'client-rejects': clientRejects,
  'collision-widened': collisionWidened,
  'config-invalid': configInvalid,
  'enum-widened': enumWidened,
  'evaluation-failed': evaluationFailed,
  'evaluation-refused': evaluationRefused,
  'list-fails': listFails,
  'mcp-header-invalid': mcpHeaderInvalid,
  'no-tools-found': noToolsFound,
  'not-mountable': notMountable,
  'not-walked': notWalked,
  'over-budget': overBudget,
  'schema-dropped': schemaDropped,
  'strictness-dropped': strictnessDropped,
  'structured-content-missing': structuredContentMissing,
  'union-kept': unionKept,
  'union-shipped': unionShipped,
  'untyped-property': untypedProperty,
  'unused-suppression': unusedSuppression,
  'validation-accepts-more': validationAcceptsMore,
  'validation-rejects': validationRejects,
  'verdict-drift': verdictDrift,
};
