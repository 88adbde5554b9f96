// Pairing evaluated tools with discovered sites: call site first (innermost range), then name, then
// export name; each site used once; a tool nobody discovered stays unmatched (reported at its call).
import { describe, expect, it } from 'vitest';
import { matchToolsToSites } from '../../server/pipeline/assemble/match';
import type { DiscoveredSite } from '../../server/pipeline/discover/contract';
import type { EvaluatedTool } from '../../server/pipeline/evaluate/contract';

const file = '/ws/server.ts';
const range = (l1: number, c1: number, l2: number, c2: number) => ({ start: { line: l1, character: c1 }, end: { line: l2, character: c2 } });
const tool = (name: string, extra: Partial<EvaluatedTool> = {}): EvaluatedTool => ({
  name,
  kind: 'registration',
  advertised: {},
  mountable: true,
  findings: [],
  merges: [],
  ...extra,
});
const site = (name: string | undefined, r: ReturnType<typeof range>, extra: Partial<DiscoveredSite> = {}): DiscoveredSite => ({
  kind: 'registration',
  name,
  range: r,
  ...extra,
});

describe('matchToolsToSites', () => {
  it('prefers the innermost site holding the call site, over a same-named site elsewhere', () => {
    const outer = site('wrapper', range(1, 0, 20, 1));
    const inner = site(undefined, range(5, 2, 7, 3)); // name built at run time: only the position tells
    const decoy = site('dynamic', range(30, 0, 30, 40));
    const [m] = matchToolsToSites(file, [tool('dynamic', { callSite: { file, line: 6, character: 4 } })], () => [outer, inner, decoy]);
    expect(m.site).toBe(inner);
    expect(m.siteFile).toBe(file);
  });

  it('looks for the site in the module where the registration ran', () => {
    const other = '/ws/tools/messaging.ts';
    const there = site('send', range(3, 2, 6, 4));
    const sites = (f: string) => (f === other ? [there] : []);
    const [m] = matchToolsToSites(file, [tool('send', { callSite: { file: other, line: 4, character: 0 } })], sites);
    expect([m.site, m.siteFile]).toEqual([there, other]);
  });

  it('falls back to the name, then to the export name, and uses each site once', () => {
    const a = site('search', range(1, 0, 1, 50));
    const exported = site('Input', range(3, 0, 3, 40), { kind: 'exported', exportName: 'Input' });
    const matched = matchToolsToSites(
      file,
      [tool('search'), tool('search'), tool('Input', { kind: 'exported', exportName: 'Input' }), tool('ghost', { callSite: { file, line: 9, character: 0 } })],
      () => [a, exported],
    );
    expect(matched.map((m) => m.site)).toEqual([a, undefined, exported, undefined]);
  });
});
