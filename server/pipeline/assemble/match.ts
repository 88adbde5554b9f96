/**
 * Pairs each evaluated tool with the site discovery found for it: first by where the registration call
 * ran (the recorded call site inside a site's range, in whichever file that is: a server file often
 * calls a registering function from another module), then by tool name, then by export name.
 * Evaluation is the truth about which tools exist; a tool discovery missed is still reported, at its call site.
 */
import * as path from 'node:path';
import type { DiscoveredSite } from '../discover/contract';
import type { EvaluatedTool } from '../evaluate/contract';
import type { Position, Range } from '../syntax/places';

export interface MatchedTool {
  tool: EvaluatedTool;
  site?: DiscoveredSite;
  /** The file the site lies in. */
  siteFile?: string;
}

/** Match the evaluated tools of one analysed file to discovered sites; each site is used at most once. */
export function matchToolsToSites(file: string, tools: readonly EvaluatedTool[], sitesOf: (file: string) => readonly DiscoveredSite[]): MatchedTool[] {
  const used = new Set<DiscoveredSite>();
  const result: MatchedTool[] = tools.map((tool) => ({ tool }));
  const take = (i: number, inFile: string, pick: (s: DiscoveredSite) => boolean) => {
    if (result[i].site) return;
    // Of several candidates, the innermost range wins (a registration nested in another site's range).
    const candidates = sitesOf(inFile)
      .filter((s) => !used.has(s) && pick(s))
      .sort((a, b) => rangeSize(a.range) - rangeSize(b.range));
    const site = candidates.find((s) => s.kind === tools[i].kind) ?? candidates[0];
    if (site) {
      result[i] = { tool: tools[i], site, siteFile: inFile };
      used.add(site);
    }
  };
  const fileOf = (tool: EvaluatedTool) => (tool.callSite ? path.resolve(tool.callSite.file) : path.resolve(file));
  // Through a wrapper: the outer call that names the tool (`addTool({ name: 'x', ... })` passed on to the SDK).
  tools.forEach((tool, i) => {
    for (const frame of tool.frames ?? []) {
      take(
        i,
        path.resolve(frame.file),
        (s) => s.kind === tool.kind && s.name === tool.name && contains(s.range, { line: frame.line, character: frame.character }),
      );
    }
  });
  tools.forEach((tool, i) => {
    const at = tool.callSite;
    if (at) take(i, fileOf(tool), (s) => contains(s.range, { line: at.line, character: at.character }));
  });
  tools.forEach((tool, i) => take(i, fileOf(tool), (s) => s.kind === tool.kind && s.name !== undefined && s.name === tool.name));
  tools.forEach((tool, i) => {
    if (tool.exportName) take(i, path.resolve(file), (s) => s.exportName === tool.exportName);
  });
  return result;
}

export function contains(range: Range, p: Position): boolean {
  return !before(p, range.start) && !before(range.end, p);
}

function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

function rangeSize(r: Range): number {
  return (r.end.line - r.start.line) * 10_000 + (r.end.character - r.start.character);
}
