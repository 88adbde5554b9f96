import { describe, expect, it } from 'vitest';
import { RULES } from '../../shared/findings';
import type { AssembledFile } from '../../server/pipeline/assemble/assemble';
import { checkWorkspace } from '../../server/pipeline/workspace';
import type { Diagnostic, ToolReport } from '../../server/pipeline/assemble/report';
import type { EvaluatedTool } from '../../server/pipeline/evaluate/contract';
import type { Location } from '../../server/pipeline/syntax/places';

const at = (file: string, line: number): Location => ({ file, range: { start: { line, character: 0 }, end: { line, character: 6 } } });

/** The one server the files register on (tools with no server are never duplicates). */
const SERVER = { id: 1, name: 'app', site: { file: '/w/server.ts', line: 0, character: 0 } };

/** One analysed file registering `names` on that server, one per line, as assembly hands it over. */
function assembledFile(file: string, names: string[], diagnostics: Diagnostic[] = []): AssembledFile {
  const tools = names.map((name, line): ToolReport => ({
    id: `registration ${name} ${file}:${line}`,
    name,
    kind: 'registration',
    location: at(file, line),
    advertised: {},
    tokens: { input: 1, total: 1 },
    mountable: true,
    keys: [],
  }));
  return {
    report: { file, tools, diagnostics, timings: { discover: 0, bundle: 0, evaluate: 0, engine: 0, locate: 0 } },
    diagnostics,
    places: names.map((name, line) => ({ file, tool: { name, kind: 'registration', server: SERVER } as EvaluatedTool, location: at(file, line) })),
  };
}

describe('workspace-level checks', () => {
  it('replace the engine’s per-file duplicate finding by its rule id, whatever its words', () => {
    const engineDuplicate: Diagnostic = {
      ...at('/w/a.ts', 0),
      severity: 'error',
      code: 'not-mountable',
      rule: RULES.duplicateName,
      message: 'worded in any way at all',
      tool: 'search',
      path: [],
      related: [],
    };
    const otherNotMountable: Diagnostic = { ...engineDuplicate, rule: undefined, message: 'input is not an object' };
    const a = assembledFile('/w/a.ts', ['search'], [engineDuplicate, otherNotMountable]);
    const b = assembledFile('/w/b.ts', ['search']);
    const { reports, diagnosticsByFile } = checkWorkspace([a, b], {});
    const inA = diagnosticsByFile.get('/w/a.ts')!;
    expect(inA.map((d) => d.message)).toEqual([
      'input is not an object',
      'Tool search is registered 2 times, so a host refuses all but one; give each tool a unique name.',
    ]);
    expect(inA[1].rule).toBe(RULES.duplicateName);
    expect(reports.map((r) => r.diagnostics.length)).toEqual([2, 1]);
    expect(reports.flatMap((r) => r.tools.map((t) => t.mountable))).toEqual([false, false]);
  });

  it('return new reports and leave the assembled ones as they were', () => {
    const a = assembledFile('/w/a.ts', ['search', 'ping']);
    const b = assembledFile('/w/b.ts', ['search']);
    const before = structuredClone([a.report, b.report]);
    const { reports } = checkWorkspace([a, b], {});
    expect([a.report, b.report]).toEqual(before);
    expect(reports[0]).not.toBe(a.report);
    expect(reports[0].tools.map((t) => [t.name, t.mountable])).toEqual([
      ['search', false],
      ['ping', true],
    ]);
  });
});
