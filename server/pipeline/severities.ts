/**
 * The user's severity overrides. The engine already chose a default per finding (a plain union's
 * `union-kept` is information, a lazy object's `not-walked` too); an override replaces it, `off` drops it.
 */
import type { FindingCode, Severity } from '../../shared/types';
import type { SeveritySetting } from './types';

export type SeverityOverrides = Partial<Record<FindingCode, SeveritySetting>>;

/** The severity a finding is shown with, or null when the user turned its code off. */
export function effectiveSeverity(code: FindingCode, engineSeverity: Severity, overrides: SeverityOverrides): Severity | null {
  const override = overrides[code];
  if (override === 'off') return null;
  return override ?? engineSeverity;
}
