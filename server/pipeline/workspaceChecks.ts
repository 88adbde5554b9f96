/**
 * Checks that need every analysed file at once: a tool name registered twice (a server refuses the
 * second registration), the same finding reached both through a registered tool and through the
 * exported schema it uses (the registration's is the one worth reading), and only inputs: where any
 * registration was recorded, an exported schema is reported only through the tools that take it.
 */
import type { AssembledFile } from './assemble';
import { RULES } from '../../shared/findings';
import { messages } from '../../shared/messages';
import { duplicateRelatedMessage } from './messages';
import { toolIdentity } from './workspaceTools';
import { effectiveSeverity, type SeverityOverrides } from './severities';
import { serverLimits } from './serverLimits';
import type { Diagnostic, FileReport, Location, ToolReport } from './types';

/**
 * Every diagnostic once; an exported schema's finding is dropped where a registration reports the same code at the
 * same range (the registration's names the tool the model sees). Used by the CLI's analysis and by the language
 * server when it merges the results of several analysed files.
 */
export function preferRegistrations(diagnostics: Iterable<Diagnostic>): Diagnostic[] {
  const unique = new Map<string, Diagnostic>();
  for (const d of diagnostics) {
    const id = diagnosticKey(d);
    const existing = unique.get(id);
    if (!existing || (existing.origin === 'exported' && d.origin === 'registration')) unique.set(id, d);
  }
  const registered = new Set<string>();
  for (const d of unique.values()) if (d.origin === 'registration') registered.add(`${placeKey(d.file, d.range)}\0${d.code}`);
  return [...unique.values()].filter((d) => d.origin !== 'exported' || !registered.has(`${placeKey(d.file, d.range)}\0${d.code}`));
}

/**
 * Only inputs: once any registration was recorded, an exported schema no tool takes is used for types, validation or
 * as an output schema, not sent to a model as an input; one a tool takes is reported through that tool. So exported
 * schemas (and their findings) are kept only where no registration was found at all. `@toolSchema` ones always stay.
 */
export function withoutUnusedExports<T extends { kind?: ToolReport['kind']; origin?: Diagnostic['origin'] }>(items: readonly T[], registered: boolean): T[] {
  return registered ? items.filter((x) => x.kind !== 'exported' && x.origin !== 'exported') : [...items];
}

/** The reports of a whole analysis, after the checks that need every file at once. */
export interface CheckedWorkspace {
  /** One per assembled file, in order: new objects, the assembled ones are left as they were. */
  reports: FileReport[];
  /** Every diagnostic once, by the file it lies in. */
  diagnosticsByFile: Map<string, Diagnostic[]>;
}

/**
 * Runs the workspace-level checks over every assembled file and returns new reports: each file's diagnostics
 * (registrations preferred, duplicate names counted workspace-wide) and its tools (a tool whose name is
 * registered at more than one place is not mountable).
 */
export function checkWorkspace(assembled: readonly AssembledFile[], severities: SeverityOverrides, clients?: readonly string[]): CheckedWorkspace {
  const { diagnostics: duplicates, names } = duplicateTools(assembled, severities);
  const limits = serverLimits(assembled, clients, severities);
  const registered = assembled.some((a) => a.places.some((p) => p.tool.kind === 'registration'));
  const all = withoutEngineDuplicates(withoutUnusedExports(preferRegistrations(assembled.flatMap((a) => a.diagnostics)), registered), names);
  const diagnosticsByFile = new Map<string, Diagnostic[]>();
  for (const d of [...all, ...duplicates, ...limits.diagnostics]) {
    let list = diagnosticsByFile.get(d.file);
    if (!list) diagnosticsByFile.set(d.file, (list = []));
    list.push(d);
  }
  const reports = assembled.map(({ report }): FileReport => ({
    ...report,
    tools: withoutUnusedExports(report.tools, registered).map((t) =>
      limits.withVerdicts(t.kind === 'registration' && names.has(t.name) ? { ...t, mountable: false } : t),
    ),
    diagnostics: diagnosticsByFile.get(report.file) ?? [],
  }));
  return { reports, diagnosticsByFile };
}

/**
 * The engine already flags a name registered twice within one file (counting that file only); the
 * workspace-wide count replaces those findings wherever this check flags the same name.
 */
function withoutEngineDuplicates(diagnostics: readonly Diagnostic[], flagged: ReadonlySet<string>): Diagnostic[] {
  return diagnostics.filter((d) => !(d.rule === RULES.duplicateName && d.tool !== undefined && flagged.has(d.tool)));
}

/** `not-mountable` on each registration of a tool name registered at more than one place, and those names. */
function duplicateTools(assembled: readonly AssembledFile[], severities: SeverityOverrides): { diagnostics: Diagnostic[]; names: Set<string> } {
  const byName = new Map<string, Map<string, { at: Location; id: string }>>();
  const nameOf = new Map<string, string>();
  for (const a of assembled) {
    for (const place of a.places) {
      if (place.tool.kind !== 'registration') continue;
      // By server: two servers may each have a tool of that name. A server the worker made for a factory call
      // stands for whichever the program passes in; the program's own run checks those tools.
      const server = place.tool.server;
      // No server (an AI SDK, Agents, LangChain or Mastra tool): an entry of one of the tool sets a program may hand
      // to a model (one per provider, one per example program); only the set handed over is sent, so no duplicate.
      if (!server || server.synthetic) continue;
      const group = `${place.tool.name}\0${server.site ? `${server.site.file}:${server.site.line}:${server.site.character}` : ''}`;
      nameOf.set(group, place.tool.name);
      let places = byName.get(group);
      if (!places) byName.set(group, (places = new Map<string, { at: Location; id: string }>()));
      // The name is what the diagnostic underlines; the whole call when the name is not a literal.
      const at: Location = place.site?.nameRange ? { file: place.location.file, range: place.site.nameRange } : place.location;
      places.set(placeKey(at.file, at.range), { at, id: toolIdentity({ name: place.tool.name, kind: place.tool.kind, location: place.location }) });
    }
  }
  const severity = effectiveSeverity('not-mountable', 'error', severities);
  const diagnostics: Diagnostic[] = [];
  const names = new Set<string>();
  for (const [group, places] of byName) {
    if (places.size < 2) continue;
    const name = nameOf.get(group)!;
    names.add(name);
    if (!severity) continue;
    const locations = [...places.values()].map((p) => p.at);
    for (const { at: location, id } of places.values()) {
      diagnostics.push({
        file: location.file,
        range: location.range,
        severity,
        code: 'not-mountable',
        rule: RULES.duplicateName,
        message: messages.duplicateName(name, locations.length),
        tool: name,
        toolId: id,
        path: [],
        related: locations.filter((l) => l !== location).map((l) => ({ location: l, message: duplicateRelatedMessage(name) })),
      });
    }
  }
  return { diagnostics, names };
}

/** What makes two diagnostics the same one: place, code and message. */
export function diagnosticKey(d: Diagnostic): string {
  return `${placeKey(d.file, d.range)}\0${d.code}\0${d.message}`;
}

function placeKey(file: string, range: Location['range']): string {
  return `${file}:${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`;
}
