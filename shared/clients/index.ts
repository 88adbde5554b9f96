/**
 * Will it load? Every tool definition judged against the APIs and MCP clients that receive it. Profiles are data
 * (one file per target under profiles/); this module runs their rules over a plain tool definition, groups what
 * breaks by rule and place across targets, and turns that into `client-rejects` findings. Pure: no I/O.
 */
import { finding, messages } from '../findings';
import { clientRejectsFix, clientRejectsMore } from '../findings/client-rejects';
import type { Finding, FindingSite, FlattenCause, Severity } from '../types';
import { CHECKS, prepareTool, REQUEST_BUDGETS, requestBudgetHits, SERVER_RULES, type PreparedTool } from './checks';
import { anthropic } from './profiles/anthropic';
import { anthropicStrict } from './profiles/anthropicStrict';
import { antigravity } from './profiles/antigravity';
import { azureFoundry } from './profiles/azureFoundry';
import { chatgptApps } from './profiles/chatgptApps';
import { claudeDirectory } from './profiles/claudeDirectory';
import { claudeCode } from './profiles/claudeCode';
import { claudeDesktop } from './profiles/claudeDesktop';
import { codex } from './profiles/codex';
import { copilotCli } from './profiles/copilotCli';
import { cursor } from './profiles/cursor';
import { gemini } from './profiles/gemini';
import { geminiCli } from './profiles/geminiCli';
import { geminiJson } from './profiles/geminiJson';
import { mcpSdkClient } from './profiles/mcpSdkClient';
import { openai } from './profiles/openai';
import { openaiStrict } from './profiles/openaiStrict';
import { visualStudioCopilot } from './profiles/visualStudioCopilot';
import { visualStudioCopilotGpt5 } from './profiles/visualStudioCopilotGpt5';
import { vscodeCopilot } from './profiles/vscodeCopilot';
import { rebaseDefinitionPointer, schemaPathOf } from './schemaNodes';
import { zodMethodsOf } from './wording';
import type { Consequence, Evidence, Hit, Profile, Rule, RuleEvidence, RuleId, ServerContext, TargetVerdict, ToolDefinition, Violation } from './types';

export type * from './types';
export { siteOfPointer } from './trail';
export { strictView } from './strictView';

/** Every target, providers first, directories last; the order messages and verdicts list them in. */
export const PROFILES: readonly Profile[] = [
  openaiStrict,
  openai,
  anthropic,
  anthropicStrict,
  gemini,
  geminiJson,
  claudeCode,
  claudeDesktop,
  cursor,
  vscodeCopilot,
  visualStudioCopilot,
  codex,
  copilotCli,
  mcpSdkClient,
  geminiCli,
  antigravity,
  azureFoundry,
  visualStudioCopilotGpt5,
  claudeDirectory,
  chatgptApps,
];

export const TARGET_IDS: readonly string[] = PROFILES.map((p) => p.id);

/** Every client rule id a profile can use (the keys of a `target/rule` severity). */
export const RULE_IDS: readonly RuleId[] = Object.keys(CHECKS) as RuleId[];
const BY_ID = new Map(PROFILES.map((p) => [p.id, p]));

/** The profile of a target id, or undefined for an unknown one. */
export function profileOf(id: string): Profile | undefined {
  return BY_ID.get(id);
}

/** The MCP clients: the default targets of an MCP server's tools (other libraries name theirs in their descriptor). */
/** A target's name as users know it (`VS Code Copilot`); an unknown id as it is. */
export function targetLabel(id: string): string {
  return profileOf(id)?.label ?? id;
}

export const MCP_CLIENTS: readonly string[] = PROFILES.filter((p) => p.kind === 'client' && !p.optIn).map((p) => p.id);

/** A violation with the place its finding lands: the schema path and the site in the original zod schema. */
export interface PlacedViolation extends Violation {
  path: string[];
  site: FindingSite;
  /** A node of the output schema: its path there (the finding's `path` is an input path, so empty). */
  outputPath?: string[];
  /** What the flatten did to cause it, where it did (the message then names the flatten, not a zod call). */
  flatten?: FlattenCause;
  /** Other paths where the same node breaks the same rule (each use of a recursive schema): one finding names them. */
  alsoAt?: string[][];
}

const ORDER: Record<Consequence, number> = {
  'request-rejected': 0,
  'all-tools-dropped': 1,
  'listing-refused': 2,
  'tool-dropped': 3,
  'calls-rejected': 4,
  rewritten: 5,
  warned: 6,
};

const ERAS = new WeakMap<Rule, Map<string, Rule | undefined>>();

/**
 * A rule as it stood on `date` (ISO): undefined before its `since`, its earlier era's consequence and parameters
 * before that era's `until`, the rule itself after.
 */
export function ruleAsOf(rule: Rule, date: string): Rule | undefined {
  let byDate = ERAS.get(rule);
  if (!byDate) ERAS.set(rule, (byDate = new Map<string, Rule | undefined>()));
  if (byDate.has(date)) return byDate.get(date);
  const era = rule.before?.find((e) => date < e.until);
  const asOf =
    (rule.since && date < rule.since) || (rule.retired && date >= rule.retired.on)
      ? undefined
      : era
        ? {
            ...rule,
            consequence: era.consequence,
            says: era.says ?? rule.says,
            source: era.source,
            observedOn: era.observedOn,
            params: { ...rule.params, ...era.params },
            before: undefined,
          }
        : rule;
  byDate.set(date, asOf);
  return asOf;
}

/** Rules of the targets applied to one prepared tool; `which` picks per-tool rules or server rules; `asOf` a past date. */
function run(tool: PreparedTool, targets: readonly string[], which: 'tool' | 'server', asOf?: string): Violation[] {
  const grouped = new Map<string, Violation>();
  // Targets share most rules (the 20 profiles' 88 rules are 48 distinct checks): each check runs once per tool, not
  // once per target that has it.
  const checked = new Map<string, Hit[]>();
  const hitsOnce = (rule: Rule, hitsFor: () => Hit[]) => {
    const key = checkKeyOf(rule);
    let hits = checked.get(key);
    if (!hits) checked.set(key, (hits = hitsFor()));
    return hits;
  };
  for (const id of targets) {
    const profile = BY_ID.get(id);
    if (!profile) continue;
    for (const current of profile.rules) {
      const rule = asOf ? ruleAsOf(current, asOf) : current.retired ? undefined : current;
      if (!rule) continue;
      const hits =
        which === 'tool'
          ? SERVER_RULES.has(rule.id)
            ? []
            : hitsOnce(rule, () => hitsOf(tool, rule))
          : SERVER_RULES.has(rule.id)
            ? hitsOnce(rule, () => hitsOf(tool, rule))
            : REQUEST_BUDGETS.has(rule.id)
              ? hitsOnce(rule, () => requestBudgetHits(tool.context, rule))
              : [];
      for (const h of hits) {
        const key = `${rule.id}\0${h.part}\0${h.pointer.join('/')}`;
        let v = grouped.get(key);
        if (!v) grouped.set(key, (v = { ...h, rule: rule.id, targets: [] }));
        if (!v.targets.some((t) => t.target === id))
          v.targets.push({ target: id, consequence: rule.consequence, says: rule.says, detail: h.detail, evidence: evidenceOf(rule) });
      }
    }
  }
  return [...grouped.values()];
}

const CHECK_KEYS = new WeakMap<Rule, string>();

/** What a rule's check reads of the rule: two rules with the same key find the same hits in a tool. */
function checkKeyOf(rule: Rule): string {
  let key = CHECK_KEYS.get(rule);
  if (key === undefined) CHECK_KEYS.set(rule, (key = JSON.stringify([rule.id, rule.params ?? null, rule.parts ?? null])));
  return key;
}

function evidenceOf(rule: Rule): RuleEvidence {
  const last = rule.before?.[rule.before.length - 1];
  return {
    kind: rule.evidence,
    confirmed: rule.confirmed,
    ...(rule.observedOn ? { observedOn: rule.observedOn } : {}),
    ...(last && last.consequence !== rule.consequence ? { before: { consequence: last.consequence, until: last.until } } : {}),
  };
}

function hitsOf(tool: PreparedTool, rule: Rule): Hit[] {
  const check = CHECKS[rule.id];
  if (
    rule.id === 'name-length' ||
    rule.id === 'name-characters' ||
    rule.id === 'tools-per-server' ||
    rule.id === 'annotations' ||
    rule.id === 'description-length'
  )
    return check(tool, rule, 'input');
  return (rule.parts ?? ['input']).flatMap((part) => check(tool, rule, part));
}

/**
 * Every per-tool rule of `targets` (all targets when omitted) that the definition breaks, grouped by rule and place;
 * as the rules stood on `asOf` when given.
 */
export function judgeTool(definition: ToolDefinition, context: ServerContext = {}, targets: readonly string[] = TARGET_IDS, asOf?: string): Violation[] {
  return run(prepareTool(definition, context), targets, 'tool', asOf);
}

/**
 * The server-wide rules of `targets`: tools per server for `context.toolCount` tools, and the request budgets summed
 * over `context.inputSchemas`.
 */
export function judgeServer(context: ServerContext, targets: readonly string[] = TARGET_IDS, asOf?: string): Violation[] {
  return run(prepareTool({ name: '', inputSchema: {} }, context), targets, 'server', asOf).map((v) => ({
    ...v,
    detail: { ...v.detail, server: context.server ?? '' },
  }));
}

/**
 * A violation placed: its schema path, and its site through `siteOf` (the zod node) or at the tool. Given the
 * input schema, a node inside `$defs` is placed where the definition is first used.
 */
export function placeViolation(v: Violation, siteOf?: (pointer: string[]) => FindingSite, inputSchema?: unknown, outputSchema?: unknown): PlacedViolation {
  const inInput = v.part === 'input';
  const pointer = inInput && inputSchema !== undefined ? rebaseDefinitionPointer(inputSchema, v.pointer) : v.pointer;
  const output = v.part === 'output' ? schemaPathOf(outputSchema !== undefined ? rebaseDefinitionPointer(outputSchema, v.pointer) : v.pointer) : undefined;
  return {
    ...v,
    ...(output ? { outputPath: output } : {}),
    path: inInput ? schemaPathOf(pointer) : [],
    site: inInput && siteOf && pointer.length > 0 ? withCall(siteOf(pointer), zodMethodsOf(v.rule, v.detail)) : { trail: [], anchor: 'tool' },
  };
}

/** A node's finding caused by one zod call (`.url()`, `.optional()`) lands on that call, not on the whole chain. */
function withCall(site: FindingSite, call: string[] | undefined): FindingSite {
  return call && site.anchor === 'node' ? { ...site, call } : site;
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2 };

/**
 * The severity a consequence gives: error where the request or the whole tool list fails, warning where one tool is
 * dropped or every call of it rejected; a rule only inferred is at most a warning.
 */
export function severityOf(consequence: Consequence, evidence?: Evidence): Severity {
  const severity: Severity =
    consequence === 'request-rejected' || consequence === 'all-tools-dropped' || consequence === 'listing-refused'
      ? 'error'
      : consequence === 'tool-dropped' || consequence === 'calls-rejected'
        ? 'warning'
        : 'information';
  return evidence === 'inferred' && severity === 'error' ? 'warning' : severity;
}

/** A user's say on one target's break of one rule: the severity to report it with, null to leave that target out. */
export type TargetSeverity = (target: string, rule: RuleId, severity: Severity) => Severity | null;

/**
 * The `client-rejects` finding of one placed violation, keeping only the `selected` targets (and those `severityFor`
 * does not turn off); undefined when none is left.
 */
export function clientFinding(
  tool: string | undefined,
  v: PlacedViolation,
  selected: readonly string[],
  plainJson = false,
  severityFor: TargetSeverity = (_target, _rule, severity) => severity,
): Finding | undefined {
  const chosen = new Set(selected);
  const targets = v.targets
    .filter((t) => chosen.has(t.target))
    .flatMap((t) => {
      const severity = severityFor(t.target, v.rule, severityOf(t.consequence, t.evidence.kind));
      return severity ? [{ ...t, severity }] : [];
    })
    .sort((a, b) => ORDER[a.consequence] - ORDER[b.consequence] || TARGET_IDS.indexOf(a.target) - TARGET_IDS.indexOf(b.target));
  if (targets.length === 0) return undefined;
  const labelled = targets.map((t) => ({ ...t, label: BY_ID.get(t.target)?.label ?? t.target }));
  const rejection = {
    rule: v.rule,
    path: v.path,
    part: v.part,
    ...(v.outputPath ? { outputPath: v.outputPath } : {}),
    detail: v.detail,
    targets: labelled,
    ...(plainJson ? { plainJson } : {}),
    ...(v.flatten ? { flatten: v.flatten } : {}),
    ...(v.alsoAt?.length ? { alsoAt: v.alsoAt } : {}),
  };
  return finding('client-rejects', messages.clientRejects(tool, rejection), {
    tool,
    path: v.path,
    sites: [v.site],
    severity: targets.map((t) => t.severity).sort((a, b) => RANK[a] - RANK[b])[0],
    targets: targets.map((t) => t.target),
    rule: v.rule,
    fix: [clientRejectsFix(rejection), clientRejectsMore(rejection)].filter(Boolean).join('. '),
  });
}

/** Per selected target, the rules broken (✓ when none): the hover's compact verdict. */
export function verdicts(violations: readonly Violation[], selected: readonly string[]): TargetVerdict[] {
  return selected.flatMap((id) => {
    const profile = BY_ID.get(id);
    if (!profile) return [];
    const broken = [...new Set(violations.filter((v) => v.targets.some((t) => t.target === id)).map((v) => v.rule))];
    return [{ target: id, label: profile.label, broken }];
  });
}

/** Target ids of a user's list that name no profile (for a clear complaint). */
export function unknownTargets(ids: readonly string[]): string[] {
  return ids.filter((id) => !BY_ID.has(id));
}
