/**
 * The quick fixes the editor offers, planned as plain text edits: a front turns them into its own form (the language
 * server into versioned WorkspaceEdits, the MCP server into edits an agent applies), so every front offers the same
 * fix for the same finding.
 *
 * - `keyRename.ts`: rename a key in one variant with every reference TypeScript finds (collision-widened, enum-widened),
 *   run in a worker thread by `renameService.ts` / `renameWorker.ts` so a front's thread never waits on it;
 * - `shipFlattened.ts` with `shipFlattenedEdit.ts`: route a registration through the runtime package (union-shipped);
 * - `turnOffRule.ts`: a code or client rule set to `off` in the project file;
 * - `suppressLine.ts`: a disable-next-line comment above the finding;
 * - `plan.ts` with `formatPattern.ts`: fixes planned from a finding and its text, offered before any switch that turns a
 *   rule off (`plannedFixes`), only where the edit is known to be what the message asks for.
 */
import type { Diagnostic } from '../types';
import { formatPatternFix } from './formatPattern';
import type { PlannedFix, TextOf } from './plan';

export { KeyRenamer, type RenameOutcome, type TextEditAt } from './keyRename';
export { RenameService } from './renameService';
export { canShipFlattened, shipFlattenedFix, shipFlattenedTitle, type ShipFlattenedFix } from './shipFlattened';
export { planShipFlattened, RUNTIME_PACKAGE, type OffsetEdit, type ShipFlattenedPlan } from './shipFlattenedEdit';
export { NOT_TURNED_OFF, severityKeysOf, turnedOffText } from './turnOffRule';
export { suppressionEdit } from './suppressLine';
export { renameSiblings } from './renameSiblings';
export { offsetAt, positionAt } from './positions';

/** The codes whose diagnostics carry a rename (`Diagnostic.rename`) the editor offers as a quick fix. */
export const RENAMEABLE: ReadonlySet<string> = new Set(['collision-widened', 'enum-widened']);

export type { PlannedEdit, PlannedFix, TextOf } from './plan';

/** The mechanical fixes for one finding, best first; none where no edit is certain. */
export function plannedFixes(d: Diagnostic, textOf: TextOf): PlannedFix[] {
  return [formatPatternFix(d, textOf)].filter((f): f is PlannedFix => f !== undefined);
}
