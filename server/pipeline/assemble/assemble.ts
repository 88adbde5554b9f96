/**
 * Assembly of one file's report: evaluated tools matched to their discovered sites, every finding placed
 * in source (one diagnostic per site), every key merge's declarations placed, the user's severities
 * applied. Pure given a Locator, so the rules here are testable without a workspace.
 */
import type { Finding, FindingSite, Step } from '../../../shared/types';
import {
  evaluationFailedMessage,
  evaluationRefusedMessage,
  failurePointMessage,
  relatedSiteMessage,
  startedFromMessage,
  structuredContentMissingMessage,
} from '../findings/messages';
import { advertisedAt } from './advertisedAt';
import { matchToolsToSites } from './match';
import { clientRuleSeverity, effectiveSeverity, type SeverityOverrides } from '../findings/severities';
import { diagnosticKey } from '../workspace/diagnosticKey';
import { verdicts, type TargetSeverity } from '../../../shared/clients/index';
import { clientDiagnostics } from './clientFindings';
import { withFlattenVerdicts } from './flattenVerdicts';
import { toolIdentity } from './toolIdentity';
import { targetsOf } from '../sdks/index';
import { countToolTokens, toolOverBudget } from '../tokens/index';
import type { Diagnostic, FileReport, KeyReport, SourceDefinition, ToolReport } from './report';
import type { DiscoveredSite } from '../discover/contract';
import type { EvaluatedFile, EvaluatedTool } from '../evaluate/contract';
import type { Location, Range } from '../syntax/places';
import type { TokenBudget } from '../run/contract';

/** One evaluated tool with where it lives: what locating a finding of that tool starts from. */
export interface ToolPlace {
  /** The analysed file the tool was evaluated from. */
  file: string;
  tool: EvaluatedTool;
  site?: DiscoveredSite;
  /** The file `site` lies in (a registration can run in a module the analysed file imports). */
  siteFile?: string;
  /** The registration (the site's whole call / declaration, else the call site). */
  location: Location;
  /** The files the evaluation ran (to find where a tool that a shared call registers is defined). */
  inputs?: readonly string[];
}

/** What assembly needs from locating: source ranges for schema trails. */
export interface Locator {
  /** Where one site of a finding lies (the key in a variant, the union, the `.strict()` call...); null when it cannot be placed. */
  locate(place: ToolPlace, site: FindingSite): Location | null;
  /** Where a site lies exactly (no fallback to an enclosing node or the registration); null when unknown. */
  locateExact(place: ToolPlace, site: FindingSite): Location | null;
  /** A new name for `key` in `variant` that collides with nothing in the union. */
  suggestRename(place: ToolPlace, site: FindingSite, key: string, variant: string, discriminator: string): string;
  /** Where the tool was written, when its input schema was created outside the registration (a tool file a helper registers). */
  definedAt?(place: ToolPlace, advertised: unknown): SourceDefinition | undefined;
  /** The range of a file's first line (where file-level findings go). */
  firstLine(file: string): Range;
  /** A reported point (a failing call, a syntax error) widened to the word or character there, so it can be underlined. */
  pointAt(file: string, line: number, character: number): Range;
}

export interface AssembleInput {
  file: string;
  version?: number;
  /** Discovered sites per file (the analysed file's, and those of modules its registrations ran in). */
  sitesOf: (file: string) => readonly DiscoveredSite[];
  /** Undefined when the file was not evaluated (untrusted workspace). */
  evaluated?: EvaluatedFile;
  untrusted?: boolean;
  severities: SeverityOverrides;
  locator: Locator;
  discoverMs: number;
  /** Targets of client-rejects; empty or absent: chosen per tool from its library. */
  clients?: readonly string[];
  /** Token budgets for the per-tool `over-budget` finding. */
  budget?: TokenBudget;
}

export interface AssembledFile {
  report: FileReport;
  /** Every diagnostic this file's analysis produced, wherever it lies (the report keeps only its own file's). */
  diagnostics: Diagnostic[];
  places: ToolPlace[];
  /** What the evaluation gave (undefined when untrusted). */
  evaluated?: EvaluatedFile;
}

export function assembleFile(input: AssembleInput): AssembledFile {
  const { file, locator, severities } = input;
  const started = performance.now();
  // Counting tokens is a stage of its own in the figures (bench, trace), measured inside assembly.
  let tokensMs = 0;
  const timed = <T>(count: () => T): T => {
    const at = performance.now();
    const result = count();
    tokensMs += performance.now() - at;
    return result;
  };
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const push = (d: Diagnostic | null, origin?: ToolReport['kind'], toolId?: string) => {
    if (!d) return;
    if (origin) d.origin = origin;
    if (toolId && d.tool) d.toolId = toolId;
    const id = diagnosticKey(d);
    if (seen.has(id)) return;
    seen.add(id);
    diagnostics.push(d);
  };

  if (input.untrusted) {
    push(fileLevel(file, locator.firstLine(file), 'evaluation-failed', 'warning', evaluationFailedMessage({ phase: 'untrusted', reason: '' }), severities));
  }

  const tools: ToolReport[] = [];
  const places: ToolPlace[] = [];
  const evaluated = input.evaluated;
  if (evaluated) {
    for (const { tool, site, siteFile } of matchToolsToSites(file, evaluated.tools, input.sitesOf)) {
      const place: ToolPlace = { file, tool, site, siteFile, location: toolLocation(siteFile ?? file, tool, site, locator), inputs: evaluated.inputs };
      places.push(place);
      const id = toolIdentity({ name: tool.name, kind: tool.kind, location: place.location });
      const targets = targetsOf(tool.sdk, input.clients);
      const severityFor: TargetSeverity = (target, rule, severity) => clientRuleSeverity(severities, target, rule, severity);
      for (const f of withFlattenVerdicts(tool, targets, severityFor)) for (const d of placeFinding(place, f, locator, severities)) push(d, tool.kind, id);
      for (const d of clientDiagnostics(tool, targets, severityFor, (f) => placeFinding(place, f, locator, severities))) push(d, tool.kind, id);
      if (tool.outputSchema !== undefined)
        for (const range of site?.unstructuredReturns ?? [])
          push(
            fileLevel(siteFile ?? file, range, 'structured-content-missing', 'error', structuredContentMissingMessage(tool.name), severities, tool.name),
            tool.kind,
            id,
          );
      const definedAt = locator.definedAt?.(place, tool.advertised);
      const report: ToolReport = {
        id,
        name: tool.name,
        kind: tool.kind,
        location: place.location,
        nameRange: site?.nameRange,
        schemaRange: site?.schemaRange,
        ...(definedAt ? { definedAt } : {}),
        advertised: tool.advertised,
        ...(tool.description ? { description: tool.description } : {}),
        tokens: timed(() => countToolTokens({ name: tool.name, description: tool.description, inputSchema: tool.advertised, outputSchema: tool.outputSchema })),
        ...(tool.sdk ? { sdk: tool.sdk } : {}),
        ...(tool.calledFactory ? { calledFactory: tool.calledFactory } : {}),
        ...(evaluated.placeholders?.length ? { placeholders: evaluated.placeholders } : {}),
        ...(tool.calledFactory && tool.inventedArguments?.length ? { inventedArguments: tool.inventedArguments } : {}),
        ...(tool.server ? { server: tool.server } : {}),
        ...(tool.toolSet ? { toolSet: tool.toolSet, toolSetFile: evaluated.file } : {}),
        ...(tool.compare ? { compare: tool.compare } : {}),
        ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
        mountable: tool.mountable,
        ...(tool.shipped ? { shipped: tool.shipped } : {}),
        ...(tool.flattened ? { flattened: tool.flattened } : {}),
        ...(tool.violations ? { verdicts: verdicts(tool.violations, targets) } : {}),
        keys: tool.merges.map((m): KeyReport => {
          const { unionTrail, ...merge } = m;
          return {
            ...merge,
            declarations: m.variants.map((variant) => {
              const trail = [...unionTrail, variantStep(tool, m.discriminator, variant, m.variants), { kind: 'key', key: m.key } as Step];
              return locator.locateExact(place, { trail, anchor: 'key', variant });
            }),
            advertised: advertisedAt(tool.advertised, m.path),
          };
        }),
      };
      tools.push(report);
      push(
        toolOverBudget(report, input.budget, severities, {
          key: (key) => locator.locateExact(place, { trail: [{ kind: 'key', key }], anchor: 'key' }),
          tool: () => locator.locate(place, { trail: [], anchor: 'tool' }) ?? place.location,
        }),
        tool.kind,
        id,
      );
    }
    if (evaluated.failure) {
      const at = evaluated.failure.at;
      const message = evaluationFailedMessage(evaluated.failure, evaluated.tools.length);
      const phase = evaluated.failure.phase;
      // Each carries its phase: the fronts count files that did not evaluate, and at which limit, from it.
      const failedAt = (where: string, range: Range) => {
        const d = fileLevel(where, range, 'evaluation-failed', 'warning', message, severities);
        if (d) d.failure = phase;
        const { cause, missingPackage, unsetEnv, choices } = evaluated.failure!;
        const tried = evaluated.placeholders ? undefined : evaluated.placeholderRuns?.at(-1)?.names;
        if (d && (cause || missingPackage || unsetEnv?.length || tried))
          d.failedBecause = {
            ...(tried ? { placeholdersTried: tried } : {}),
            ...(cause ? { cause } : {}),
            ...(missingPackage ? { missingPackage } : {}),
            ...(unsetEnv?.length ? { unsetEnv } : {}),
            ...(choices?.length ? { choices } : {}),
          };
        return d;
      };
      const point: Location | undefined = at && { file: at.file, range: locator.pointAt(at.file, at.line, at.character) };
      if (point && samePath(point.file, file)) {
        push(failedAt(file, point.range));
      } else if (point && !/[\\/]node_modules[\\/]/.test(point.file) && (evaluated.failure.phase === 'exit' || evaluated.failure.phase === 'load')) {
        // An exit or throw in a module the program imports: at that `process.exit` / `throw`, where the fix is.
        const d = failedAt(point.file, point.range);
        if (d) d.related.push({ location: { file, range: locator.firstLine(file) }, message: startedFromMessage() });
        push(d);
      } else {
        // The failure happened in a module this file imports: the finding stays on this file (whose tools are
        // what is missing) and points at the failing place.
        const d = failedAt(file, locator.firstLine(file));
        if (d && point) d.related.push({ location: point, message: failurePointMessage(evaluated.failure.phase) });
        push(d);
      }
    }
  }

  for (const refusal of evaluated?.refusals ?? []) {
    // The refusal the code did not catch is already this file's evaluation-failed, at the same call.
    const failed = evaluated?.failure;
    if (failed?.phase === 'refused' && failed.at && refusal.at && samePath(failed.at.file, refusal.at.file) && failed.at.line === refusal.at.line) continue;
    const at = refusal.at && !/[\\/]node_modules[\\/]/.test(refusal.at.file) ? refusal.at : undefined;
    const message = evaluationRefusedMessage(refusal);
    const d = at
      ? fileLevel(at.file, locator.pointAt(at.file, at.line, at.character), 'evaluation-refused', 'information', message, severities)
      : fileLevel(file, locator.firstLine(file), 'evaluation-refused', 'information', message, severities);
    if (d && at && !samePath(at.file, file)) d.related.push({ location: { file, range: locator.firstLine(file) }, message: startedFromMessage() });
    push(d);
  }

  const locateMs = performance.now() - started;
  const t = evaluated?.timings ?? { bundle: 0, evaluate: 0, engine: 0 };
  return {
    report: {
      file,
      version: input.version,
      tools,
      diagnostics: diagnostics.filter((d) => samePath(d.file, file)),
      timings: { discover: input.discoverMs, bundle: t.bundle, evaluate: t.evaluate, engine: t.engine, locate: locateMs, list: t.list ?? 0, tokens: tokensMs },
      ...(evaluated?.failure ? { failed: evaluated.failure.phase } : {}),
    },
    diagnostics,
    places,
    evaluated,
  };
}

/** One diagnostic per site of a finding; a collision's declarations point at each other. */
export function placeFinding(place: ToolPlace, f: Finding, locator: Locator, severities: SeverityOverrides): Diagnostic[] {
  // A client finding's severity already has the user's say, per target and rule (clientRuleSeverity).
  const severity = f.code === 'client-rejects' ? f.severity : effectiveSeverity(f.code, f.severity, severities);
  if (!severity) return [];
  const located = f.sites.map((site) => ({ site, location: locator.locate(place, site) ?? place.location }));
  return located.map(({ site, location }, i): Diagnostic => {
    // Sites that could only be placed at the same fallback (the registration) would point at themselves.
    const related = located
      .filter((other, j) => j !== i && !sameLocation(other.location, location))
      .map((other) => ({ location: other.location, message: relatedSiteMessage(f, other.site) }));
    // union-shipped: what flattening would lose, each at its own place.
    for (const loss of f.related ?? []) {
      for (const s of loss.sites) related.push({ location: locator.locate(place, s) ?? place.location, message: loss.message });
    }
    const d: Diagnostic = {
      file: location.file,
      range: location.range,
      severity,
      code: f.code,
      message: f.message,
      tool: f.tool ?? place.tool.name,
      path: f.path,
      related,
    };
    if (f.rule) d.rule = f.rule;
    if (f.variants) d.variants = f.variants;
    if (f.targets) d.targets = f.targets;
    if (f.fix) d.fix = f.fix;
    if ((f.code === 'collision-widened' || f.code === 'enum-widened') && site.variant && f.key && f.discriminator) {
      d.rename = {
        key: f.key,
        variant: site.variant,
        discriminator: f.discriminator,
        newName: locator.suggestRename(place, site, f.key, site.variant, f.discriminator),
      };
    }
    return d;
  });
}

function fileLevel(
  file: string,
  range: Range,
  code: 'evaluation-failed' | 'evaluation-refused' | 'not-mountable' | 'structured-content-missing',
  engineSeverity: 'warning' | 'error' | 'information',
  message: string,
  severities: SeverityOverrides,
  tool?: string,
): Diagnostic | null {
  const severity = effectiveSeverity(code, engineSeverity, severities);
  if (!severity) return null;
  return { file, range, severity, code, message, path: [], related: [], ...(tool ? { tool } : {}) };
}

function toolLocation(file: string, tool: EvaluatedTool, site: DiscoveredSite | undefined, locator: Locator): Location {
  if (site) return { file, range: site.range };
  const at = tool.callSite;
  if (at) return { file: at.file, range: locator.pointAt(at.file, at.line, at.character) };
  return { file, range: locator.firstLine(file) };
}

/**
 * The trail step into one variant of a merge's union. A merge names variants by label only; the
 * variant's index comes from a finding of the same tool that walked into it, else its order among the declaring variants.
 */
function variantStep(tool: EvaluatedTool, discriminator: string, label: string, declaring: string[]): Step {
  for (const f of tool.findings) {
    for (const s of f.sites) {
      for (const st of s.trail) if (st.kind === 'variant' && st.discriminator === discriminator && st.label === label) return st;
    }
  }
  return { kind: 'variant', discriminator, label, index: Math.max(0, declaring.indexOf(label)) };
}

function sameLocation(a: Location, b: Location): boolean {
  const r = a.range;
  const q = b.range;
  return (
    samePath(a.file, b.file) &&
    r.start.line === q.start.line &&
    r.start.character === q.start.character &&
    r.end.line === q.end.line &&
    r.end.character === q.end.character
  );
}

function samePath(a: string, b: string): boolean {
  return a === b || a.replace(/\\/g, '/') === b.replace(/\\/g, '/');
}
