import type { Diagnostic } from '../assemble/report';
import { diagnosticKey, placeKey } from './diagnosticKey';

/**
 * Every diagnostic once; an exported schema's finding is dropped where a registration reports the same code at the
 * same range. Used by the pipeline and by the language server when it merges the results of several analysed files.
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
