/**
 * The user's severity overrides. The engine already chose a default per finding (a plain union's
 * `union-kept` is information, a lazy object's `not-walked` too); an override replaces it, `off` drops it.
 * Keys are finding codes (`union-kept`), or one client rule at one target (`codex/format`) or at every target
 * (the target `*`): the most specific key wins.
 */
import type { FindingCode, Severity } from '../../../shared/types';
import type { SeveritySetting } from '../assemble/report';

/** Finding code or `target/rule` → severity. */
export type SeverityOverrides = Readonly<Partial<Record<string, SeveritySetting>>>;

/** The severity a finding is shown with, or null when the user turned its code off. */
export function effectiveSeverity(code: FindingCode, engineSeverity: Severity, overrides: SeverityOverrides): Severity | null {
  const override = overrides[code];
  if (override === 'off') return null;
  return override ?? engineSeverity;
}

/** The key that sets one client rule's severity at one target (`codex/format`). */
export function clientRuleKey(target: string, rule: string): string {
  return `${target}/${rule}`;
}

/**
 * The severity one target's break of a client rule is reported with: `target/rule`, then the rule at target `*`, then the
 * `client-rejects` code, then the rule's own; null when turned off.
 */
export function clientRuleSeverity(overrides: SeverityOverrides, target: string, rule: string, ruleSeverity: Severity): Severity | null {
  const override = overrides[clientRuleKey(target, rule)] ?? overrides[clientRuleKey('*', rule)] ?? overrides['client-rejects'];
  if (override === 'off') return null;
  return override ?? ruleSeverity;
}
