/**
 * Fixes planned from a finding and the text it was placed on, as plain edits (no editor types): what a front offers
 * before any switch that turns a rule off. A plan is offered only where its edit is known to be what the finding's
 * message asks for; anything that needs judgement stays a message.
 */
import type { Diagnostic } from '../types';
import { formatPatternFix } from './formatPattern';
import type { PlannedFix, TextOf } from './plan';

export type { PlannedEdit, PlannedFix, TextOf } from './plan';

/** The mechanical fixes for one finding, best first; none where no edit is certain. */
export function plannedFixes(d: Diagnostic, textOf: TextOf): PlannedFix[] {
  return [formatPatternFix(d, textOf)].filter((f): f is PlannedFix => f !== undefined);
}
