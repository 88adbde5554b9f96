/**
 * A tool name registered twice on one server: the server refuses the second registration, so each place gets
 * `not-mountable`, counted over the whole workspace (the engine, seeing one file, counts that file only).
 */
import { RULES } from '../../../shared/findings';
import { messages } from '../../../shared/findings';
import { duplicateRelatedMessage } from '../findings/messages';
import type { AssembledFile } from '../assemble/assemble';
import { effectiveSeverity, type SeverityOverrides } from '../findings/severities';
import { toolIdentity } from '../assemble/toolIdentity';
import type { Diagnostic } from '../assemble/report';
import type { Location } from '../syntax/places';
import { placeKey } from './diagnosticKey';

/**
 * The engine already flags a name registered twice within one file (counting that file only); the
 * workspace-wide count replaces those findings wherever this check flags the same name.
 */
export function withoutEngineDuplicates(diagnostics: readonly Diagnostic[], flagged: ReadonlySet<string>): Diagnostic[] {
  return diagnostics.filter((d) => !(d.rule === RULES.duplicateName && d.tool !== undefined && flagged.has(d.tool)));
}

/** `not-mountable` on each registration of a tool name registered at more than one place, and those names. */
export function duplicateTools(assembled: readonly AssembledFile[], severities: SeverityOverrides): { diagnostics: Diagnostic[]; names: Set<string> } {
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
