/**
 * A tool reached through several entry points or modules is one tool (same name registered at the same place): it
 * is kept in one analysed file's report, with its findings, and dropped from the others.
 */
import type { AssembledFile } from '../assemble/assemble';
import type { Diagnostic, ToolReport } from '../assemble/report';

/**
 * Each tool once: a tool another analysed file also reported (the same registration reached from two entries,
 * or from an entry and its own module) is kept in one report with its findings, and dropped from the others
 * with its findings. The one kept placed the most findings off the registration itself, then the one of the
 * file it lies in. It keeps `calledFactory` only when no run's own start registered it.
 */
export function keepEachToolOnce(assembled: readonly AssembledFile[]): void {
  const owner = new Map<string, { a: AssembledFile; fallbacks: number; own: boolean }>();
  // A tool some run's start registered is not "found by calling a factory", whichever copy is kept; and it belongs to
  // the server that start built, not to the stand-in server its own file's run was given.
  const started = new Set<string>();
  const realServer = new Map<string, NonNullable<ToolReport['server']>>();
  for (const a of assembled) {
    for (const t of a.report.tools) {
      const id = t.id;
      if (!t.calledFactory) started.add(id);
      if (t.server && !t.server.synthetic && !realServer.has(id)) realServer.set(id, t.server);
      const fallbacks = a.diagnostics.filter((d) => d.toolId === id && d.file === t.location.file && samePoint(d.range.start, t.location.range.start)).length;
      const own = t.location.file === a.report.file;
      const known = owner.get(id);
      if (!known || fallbacks < known.fallbacks || (fallbacks === known.fallbacks && own && !known.own)) owner.set(id, { a, fallbacks, own });
    }
  }
  for (const a of assembled) {
    const kept = new Set<string>();
    const dropped = new Set<string>();
    a.report.tools = a.report.tools.filter((t) => {
      const id = t.id;
      if (owner.get(id)?.a !== a || kept.has(id)) {
        dropped.add(id);
        return false;
      }
      kept.add(id);
      if (started.has(id)) delete t.calledFactory;
      const server = realServer.get(id);
      if (server && (!t.server || t.server.synthetic)) t.server = server;
      return true;
    });
    const keptIds = new Set(a.report.tools.map((t) => t.id));
    const keep = (d: Diagnostic) => !(d.toolId && dropped.has(d.toolId) && !keptIds.has(d.toolId) && d.origin === 'registration');
    a.diagnostics.splice(0, a.diagnostics.length, ...a.diagnostics.filter(keep));
    a.report.diagnostics = a.report.diagnostics.filter(keep);
  }
}

function samePoint(a: { line: number; character: number }, b: { line: number; character: number }): boolean {
  return a.line === b.line && a.character === b.character;
}
