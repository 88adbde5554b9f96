import type { Diagnostic, ToolReport } from '../assemble/report';
import { formatPatternFix } from './formatPattern';
import { inlineRecursionFix } from './inlineRecursion';
import { nullableOptionalFix } from './nullableOptional';
import type { PlannedFix, TextOf } from './plan';
import { shortToolNameFix } from './shortToolName';

export { KeyRenamer, type RenameOutcome, type TextEditAt } from './keyRename';
export { RenameService } from './renameService';
export { isRenameWorker, runRenameWorker } from './renameWorker';
export { canShipFlattened, shipFlattenedFix, shipFlattenedTitle, type ShipFlattenedFix } from './shipFlattened';
export { planShipFlattened, RUNTIME_PACKAGE, type OffsetEdit, type ShipFlattenedPlan } from './shipFlattenedEdit';
export { NOT_TURNED_OFF, severityKeysOf, turnedOffText } from './turnOffRule';
export { suppressionEdit } from './suppressLine';
export { renameSiblings } from './renameSiblings';
export { offsetAt, positionAt } from './positions';

/** The codes whose diagnostics carry a rename (`Diagnostic.rename`) the editor offers as a quick fix. */
export const RENAMEABLE: ReadonlySet<string> = new Set(['collision-widened', 'enum-widened']);

export type { PlannedEdit, PlannedFix, TextOf } from './plan';

/** The mechanical fixes for one finding, best first; none where no edit is certain. `tools`: the analysis's, for names. */
export function plannedFixes(d: Diagnostic, textOf: TextOf, tools: readonly ToolReport[] = []): PlannedFix[] {
  return [formatPatternFix(d, textOf), nullableOptionalFix(d, textOf), shortToolNameFix(d, textOf, tools), inlineRecursionFix(d, textOf, tools)].filter(
    (f): f is PlannedFix => f !== undefined,
  );
}
