/**
 * Only inputs in the language server's store (issue 9, item 8): files are analysed in separate runs, so an exported
 * schema's file may be analysed alone while another run recorded the workspace's registrations. The store hides
 * exported schemas (their findings and their entries) while any origin has a registration, and reports every file
 * whose diagnostics that changes.
 */
import { describe, expect, it } from 'vitest';
import { ResultStore } from '../../server/pipeline/publish/results';
import type { AnalysisResult } from '../../server/pipeline/run/contract';
import type { Diagnostic, FileReport, ToolReport } from '../../server/pipeline/assemble/report';

const range = { start: { line: 3, character: 2 }, end: { line: 3, character: 8 } };

function tool(name: string, kind: ToolReport['kind'], file: string): ToolReport {
  return { id: `${kind} ${name} ${file}`, name, kind, location: { file, range }, advertised: {}, tokens: { input: 1, total: 1 }, mountable: true, keys: [] };
}

function finding(file: string, toolName: string, origin: Diagnostic['origin']): Diagnostic {
  return {
    file,
    range,
    severity: 'warning',
    code: 'collision-widened',
    message: `${toolName}: key widened`,
    tool: toolName,
    path: ['amount'],
    related: [],
    origin,
  };
}

function result(file: string, tools: ToolReport[], diagnostics: Diagnostic[]): AnalysisResult {
  const report: FileReport = { file, tools, diagnostics, timings: { discover: 0, bundle: 0, evaluate: 0, engine: 0, locate: 0 } };
  return { files: [report], diagnosticsByFile: new Map([[file, diagnostics]]) };
}

describe('ResultStore: exported schemas only where no registration was found', () => {
  it('shows an exported union while nothing is registered, hides it once a registration arrives, shows it again when that goes', () => {
    const store = new ResultStore();
    const schemas = '/ws/schemas.ts';
    const server = '/ws/server.ts';
    store.apply(1, [schemas], new Map(), result(schemas, [tool('Refund', 'exported', schemas)], [finding(schemas, 'Refund', 'exported')]));
    expect(store.diagnosticsIn(schemas).map((d) => d.tool)).toEqual(['Refund']);
    expect(store.tools().map((t) => t.name)).toEqual(['Refund']);

    const touched = store.apply(2, [server], new Map(), result(server, [tool('get_order', 'registration', server)], []));
    expect([...touched].sort()).toEqual([schemas, server]);
    expect(store.diagnosticsIn(schemas)).toEqual([]);
    expect(store.tools().map((t) => t.name)).toEqual(['get_order']);
    expect(store.problemCount()).toBe(0);

    expect([...store.remove([server])]).toContain(schemas);
    expect(store.diagnosticsIn(schemas).map((d) => d.tool)).toEqual(['Refund']);
  });

  it("keeps a tagged schema and a registration's own findings whatever is registered", () => {
    const store = new ResultStore();
    const file = '/ws/tools.ts';
    store.apply(
      1,
      [file],
      new Map(),
      result(
        file,
        [tool('send', 'registration', file), tool('Tagged', 'tagged', file)],
        [finding(file, 'send', 'registration'), finding(file, 'Tagged', 'tagged')],
      ),
    );
    expect(
      store
        .diagnosticsIn(file)
        .map((d) => d.tool)
        .sort(),
    ).toEqual(['Tagged', 'send']);
    expect(
      store
        .tools()
        .map((t) => t.name)
        .sort(),
    ).toEqual(['Tagged', 'send']);
  });
});
