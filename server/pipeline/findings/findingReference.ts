/**
 * What a finding code or a client rule means, read from the one source of truth: a code's file under
 * `shared/findings/` (summary, default severity, the docs' cells) and the profiles under `shared/clients/profiles/`
 * (each rule's check, consequence, evidence and the fix its message gives). For a front that explains on request
 * (the MCP server's explain_finding); nothing here is worded twice.
 */
import { CODES, FINDING_CODES, type FindingCode } from '../../../shared/findings/index';
import { FINDING_DOCS } from '../../../shared/findings/docsByCode';
import { PROFILES, RULE_IDS, severityOf } from '../../../shared/clients/index';
import { fixOf, jsonFixOf } from '../../../shared/clients/wording';
import type { Consequence, Evidence, Rule, RuleId } from '../../../shared/clients/types';
import type { Severity } from '../../../shared/types';
import { NOT_TURNED_OFF, RENAMEABLE } from '../fixes/index';

export interface CodeReference {
  code: FindingCode;
  defaultSeverity: Severity;
  /** Where the engine picks another severity than the default. */
  severityNote?: string;
  summary: string;
  when: string;
  where: string;
  /** A message as printed (its last clause says what to do), and what else to know. */
  example: string;
  /** The editor's quick fixes for it, by title pattern (the MCP server's suggest_fix plans the same). */
  quickFixes: string[];
}

export interface ClientRuleReference {
  target: string;
  label: string;
  kind: 'provider' | 'client' | 'directory';
  /** Judged only when named in `clients`. */
  optIn: boolean;
  rule: RuleId;
  /** The severity-setting key that turns it off at this target (`codex/format`). */
  key: string;
  checks: string;
  consequence: Consequence;
  /** The severity a break of it gets by default. */
  severity: Severity;
  /** What the target says, in its own words where the source quotes them. */
  says?: string;
  evidence: { kind: Evidence; source: string; confirmed: string; observedOn?: string };
  /** The fix a zod schema gets, and one served as plain JSON Schema (a low-level tools/list handler). */
  fix: string;
  jsonFix: string;
  /** The parts of a definition the rule reads. */
  parts: ReadonlyArray<'input' | 'output'>;
}

/** The reference of a finding code, or undefined for a string that is none. */
export function codeReference(code: string): CodeReference | undefined {
  if (!(FINDING_CODES as readonly string[]).includes(code)) return undefined;
  const known = code as FindingCode;
  const docs = FINDING_DOCS[known];
  return {
    code: known,
    defaultSeverity: CODES[known].defaultSeverity,
    ...(docs.severityNote ? { severityNote: docs.severityNote } : {}),
    summary: CODES[known].summary,
    when: docs.when,
    where: docs.where,
    example: docs.example,
    quickFixes: quickFixesOf(known),
  };
}

/**
 * The client rules a query names: `codex/format` (one target's rule), `*\/format` or `format` (that rule at every
 * target that has it), `codex` (every rule of one target). Empty when it names none.
 */
export function clientRuleReferences(query: string): ClientRuleReference[] {
  const [target, rule] = query.includes('/') ? query.split('/', 2) : PROFILES.some((p) => p.id === query) ? [query, '*'] : ['*', query];
  if (rule !== '*' && !(RULE_IDS as readonly string[]).includes(rule)) return [];
  return PROFILES.filter((p) => target === '*' || p.id === target).flatMap((p) =>
    p.rules
      .filter((r) => rule === '*' || r.id === rule)
      .map((r) => ({
        target: p.id,
        label: p.label,
        kind: p.kind,
        optIn: p.optIn === true,
        rule: r.id,
        key: `${p.id}/${r.id}`,
        checks: r.checks,
        consequence: r.consequence,
        severity: severityOf(r.consequence, r.evidence),
        ...(r.says ? { says: r.says } : {}),
        evidence: { kind: r.evidence, source: r.source, confirmed: r.confirmed, ...(r.observedOn ? { observedOn: r.observedOn } : {}) },
        fix: fixOf(r.id, detailOf(r)),
        jsonFix: jsonFixOf(r.id, detailOf(r)),
        parts: r.parts ?? ['input'],
      })),
  );
}

/** The client rule ids there are, for a front that lists what it can explain. */
export const CLIENT_RULE_IDS: readonly string[] = RULE_IDS;

/** The editor's quick fixes for a code, as their titles read. */
function quickFixesOf(code: FindingCode): string[] {
  const fixes: string[] = [];
  if (RENAMEABLE.has(code)) fixes.push('Rename `key` in variant `label` to `name` (with every reference TypeScript finds)');
  if (code === 'union-shipped') fixes.push('Ship `tool` flattened (through @tool-schema-lens/runtime)');
  if (code === 'client-rejects')
    fixes.push(
      'Replace `.url()` with `.regex(…)` (a refused format written as the call)',
      'Replace `.nullable()` with `.optional()` (a refused type list or null)',
      'Rename tool `name` to `shorter` (a name too long, as a literal at its registration)',
      'Inline the recursive schema 3 levels deep (a recursive `const X: T = z.lazy(() => …)` refused as a $ref, zod 4)',
    );
  if (!NOT_TURNED_OFF.has(code)) fixes.push('Turn off `code` (or `target/rule`) for this project (toolschemalens.config.json)', 'Suppress `code` on this line');
  return fixes;
}

/** What a generic fix needs of a rule's detail, from its parameters (a finding has the node's own). */
function detailOf(rule: Rule): Record<string, string | number> {
  const keywords = rule.params?.keywords;
  return { keyword: keywords?.length ? keywords.join(', ') : 'the keyword', format: '<format>' };
}
