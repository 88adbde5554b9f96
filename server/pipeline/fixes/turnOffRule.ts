/**
 * "Turn off `codex/format` for this project": the rule (or code) set to `off` under `severity` in the project file,
 * so CI agrees with the editor. Pure over the file's text; the front names the file and writes nothing itself.
 */
import { clientRuleKey } from '../findings/severities';
import type { Diagnostic } from '../assemble/report';

/** Findings about the configuration itself are fixed in it, not turned off. */
export const NOT_TURNED_OFF: ReadonlySet<string> = new Set(['config-invalid', 'unused-suppression']);

/** The keys that would silence a diagnostic: its code, or each target's client rule. */
export function severityKeysOf(d: Pick<Diagnostic, 'code' | 'rule' | 'targets'>): string[] {
  if (d.code === 'client-rejects' && d.rule && d.targets?.length) return d.targets.map((t) => clientRuleKey(t, d.rule!));
  return [d.code];
}

/**
 * The project file's whole new text with `keys` turned off (one rule for several clients at once); `current` is its
 * text ('' when there is none yet). Undefined when the text is not a JSON object: a file that does not parse is fixed
 * by hand, never overwritten.
 */
export function turnedOffText(current: string, keys: string | readonly string[]): string | undefined {
  let config: Record<string, unknown>;
  try {
    const parsed: unknown = current ? JSON.parse(current) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    config = parsed as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const severity = config.severity && typeof config.severity === 'object' ? (config.severity as Record<string, unknown>) : {};
  const off = Object.fromEntries((typeof keys === 'string' ? [keys] : keys).map((key) => [key, 'off']));
  return `${JSON.stringify({ ...config, severity: { ...severity, ...off } }, null, 2)}\n`;
}
