/**
 * Checks that need every analysed file at once: a tool name registered twice (a server refuses the
 * second registration), and the same finding reached both through a registered tool and through the
 * exported schema it uses (the registration's is the one worth reading).
 */
import type { AssembledFile } from './assemble';
import { messages } from '../../shared/messages';
import { duplicateRelatedMessage } from './messages';
import { effectiveSeverity, type SeverityOverrides } from './severities';
import type { Diagnostic, Location } from './types';

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
 * The engine already flags a name registered twice within one file (counting that file only); the
 * workspace-wide count replaces those findings wherever this check flags the same name.
 */
export function withoutEngineDuplicates(diagnostics: readonly Diagnostic[], duplicates: readonly Diagnostic[]): Diagnostic[] {
  const flagged = new Set(duplicates.map((d) => d.tool));
  return diagnostics.filter((d) => !(d.code === 'not-mountable' && d.tool && flagged.has(d.tool) && isDuplicateMessage(d.tool, d.message)));
}

function isDuplicateMessage(name: string, message: string): boolean {
  const count = /(\d+)/.exec(message.slice(name.length + 5))?.[1];
  return count !== undefined && message === messages.duplicateName(name, Number(count));
}

/** `not-mountable` on each registration of a tool name registered at more than one place; marks those tools unmountable. */
export function flagDuplicateTools(assembled: readonly AssembledFile[], severities: SeverityOverrides): Diagnostic[] {
  const byName = new Map<string, Map<string, Location>>();
  const names = new Map<string, string>();
  for (const a of assembled) {
    for (const place of a.places) {
      if (place.tool.kind !== 'registration') continue;
      // By server: two servers may each have a tool of that name. A server the worker made for a factory call
      // stands for whichever the program passes in; the program's own run checks those tools.
      const server = place.tool.server;
      if (server?.synthetic) continue;
      const group = `${place.tool.name}\0${server?.site ? `${server.site.file}:${server.site.line}:${server.site.character}` : ''}`;
      names.set(group, place.tool.name);
      let places = byName.get(group);
      if (!places) byName.set(group, (places = new Map()));
      // The name is what the diagnostic underlines; the whole call when the name is not a literal.
      const at: Location = place.site?.nameRange ? { file: place.location.file, range: place.site.nameRange } : place.location;
      places.set(placeKey(at.file, at.range), at);
    }
  }
  const severity = effectiveSeverity('not-mountable', 'error', severities);
  const out: Diagnostic[] = [];
  for (const [group, places] of byName) {
    if (places.size < 2) continue;
    const name = names.get(group)!;
    for (const a of assembled) for (const t of a.report.tools) if (t.kind === 'registration' && t.name === name) t.mountable = false;
    if (!severity) continue;
    const locations = [...places.values()];
    for (const location of locations) {
      out.push({
        file: location.file,
        range: location.range,
        severity,
        code: 'not-mountable',
        message: messages.duplicateName(name, locations.length),
        tool: name,
        path: [],
        related: locations.filter((l) => l !== location).map((l) => ({ location: l, message: duplicateRelatedMessage(name) })),
      });
    }
  }
  return out;
}

/** What makes two diagnostics the same one: place, code and message. */
export function diagnosticKey(d: Diagnostic): string {
  return `${placeKey(d.file, d.range)}\0${d.code}\0${d.message}`;
}

function placeKey(file: string, range: Location['range']): string {
  return `${file}:${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`;
}
