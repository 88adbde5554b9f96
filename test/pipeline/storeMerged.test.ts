/**
 * What the language server's store decides on merged results, since its runs see the workspace in batches: a
 * "no tool found" from a run that saw a file alone goes once another run placed a tool there (the editor then agrees
 * with `check`, issue 23), and a run that fails keeps the last good tools of its file, marked stale.
 */
import { describe, expect, it } from 'vitest';
import { ResultStore } from '../../server/pipeline/publish/results';
import type { AnalysisResult } from '../../server/pipeline/run/contract';
import type { Diagnostic, FileReport, ToolReport } from '../../server/pipeline/assemble/report';

const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };

function tool(name: string, file: string): ToolReport {
  return {
    id: `registration ${name} ${file}`,
    name,
    kind: 'registration',
    location: { file, range },
    advertised: {},
    tokens: { input: 1, total: 1 },
    mountable: true,
    keys: [],
  };
}

function diagnostic(file: string, code: Diagnostic['code'], extra: Partial<Diagnostic> = {}): Diagnostic {
  return { file, range, severity: 'warning', code, message: code, path: [], related: [], ...extra };
}

function result(file: string, tools: ToolReport[], diagnostics: Diagnostic[], failed?: FileReport['failed']): AnalysisResult {
  const report: FileReport = {
    file,
    tools,
    diagnostics,
    timings: { discover: 0, bundle: 0, evaluate: 0, engine: 0, locate: 0 },
    ...(failed ? { failed } : {}),
  };
  return { files: [report], diagnosticsByFile: new Map([[file, diagnostics]]) };
}

describe('ResultStore on merged results', () => {
  it('drops a file\'s "no tool found" once another run placed a tool in it', () => {
    const store = new ResultStore();
    const base = '/ws/src/BaseTool.ts';
    const entry = '/ws/src/index.ts';
    // The base class alone: its method registers, nothing called it in this run.
    store.apply(1, [base], new Map(), result(base, [], [diagnostic(base, 'no-tools-found')]));
    expect(store.diagnosticsIn(base).map((d) => d.code)).toEqual(['no-tools-found']);
    // The entry's run: every tool registered through the base class, located there.
    store.apply(2, [entry], new Map(), result(entry, [tool('area', base), tool('centroid', base)], []));
    expect(store.diagnosticsIn(base)).toEqual([]);
    expect(store.problemCount()).toBe(0);
  });

  it('keeps the last good tools of a file whose run failed, marked stale, with the failure; a good run replaces them', () => {
    const store = new ResultStore();
    const file = '/ws/src/tools.ts';
    store.apply(1, [file], new Map(), result(file, [tool('ping', file), tool('send', file)], [diagnostic(file, 'collision-widened', { tool: 'send' })]));
    const failure = diagnostic(file, 'evaluation-failed', { failure: 'load' });
    store.apply(2, [file], new Map(), result(file, [], [failure], 'load'));
    expect(store.tools().map((t) => [t.name, t.stale])).toEqual([
      ['ping', true],
      ['send', true],
    ]);
    expect(
      store
        .diagnosticsIn(file)
        .map((d) => d.code)
        .sort(),
    ).toEqual(['collision-widened', 'evaluation-failed']);
    expect(store.notEvaluated()).toEqual({ files: 1, timeouts: 0, memory: 0 });
    // A second failure keeps the same good tools and only the newest failure.
    store.apply(3, [file], new Map(), result(file, [], [diagnostic(file, 'evaluation-failed', { failure: 'timeout' })], 'timeout'));
    expect(
      store
        .diagnosticsIn(file)
        .filter((d) => d.code === 'evaluation-failed')
        .map((d) => d.failure),
    ).toEqual(['timeout']);
    expect(store.notEvaluated()).toEqual({ files: 1, timeouts: 1, memory: 0 });
    store.apply(4, [file], new Map(), result(file, [tool('ping', file)], []));
    expect(store.tools().map((t) => [t.name, t.stale])).toEqual([['ping', undefined]]);
    expect(store.diagnosticsIn(file)).toEqual([]);
    expect(store.notEvaluated().files).toBe(0);
  });

  it("never keeps an early part of a run as a last good result: the run's own failed result shows what it found", () => {
    const store = new ResultStore();
    const entry = '/ws/src/main.ts';
    const tools = '/ws/src/tools/posts.ts';
    // The entry's run hands on the open file's two tools, then fails having kept one (its other was a duplicate).
    store.applyEarly(1, entry, undefined, result(entry, [tool('create_post', tools), tool('delete_post', tools)], []));
    expect(store.tools().map((t) => t.name)).toEqual(['create_post', 'delete_post']);
    store.apply(1, [entry], new Map(), result(entry, [tool('create_post', tools)], [diagnostic(entry, 'evaluation-failed', { failure: 'exit' })], 'exit'));
    expect(store.tools().map((t) => [t.name, t.stale])).toEqual([['create_post', undefined]]);
    expect(store.diagnosticsIn(entry).map((d) => d.code)).toEqual(['evaluation-failed']);
    // A whole result is kept as ever: the next failing run keeps it, marked stale.
    store.apply(2, [entry], new Map(), result(entry, [], [diagnostic(entry, 'evaluation-failed', { failure: 'load' })], 'load'));
    expect(store.tools().map((t) => [t.name, t.stale])).toEqual([['create_post', true]]);
  });

  it('does not keep anything for an untrusted run', () => {
    const store = new ResultStore();
    const file = '/ws/src/tools.ts';
    store.apply(1, [file], new Map(), result(file, [tool('ping', file)], []));
    store.apply(2, [file], new Map(), result(file, [], [diagnostic(file, 'evaluation-failed', { failure: 'untrusted' })], 'untrusted'));
    expect(store.tools()).toEqual([]);
  });

  it('answers every view from the latest change: runs, workspace findings, removals, a clear', () => {
    // The views are kept between changes (each keystroke's status and lenses read them): none may outlive a change.
    const store = new ResultStore(() => undefined);
    const a = '/ws/src/a.ts';
    const b = '/ws/src/b.ts';
    const widened = (file: string, name: string) => diagnostic(file, 'collision-widened', { tool: name, toolId: `registration ${name} ${file}` });
    const views = () => ({
      tools: store.tools().map((t) => t.name),
      problems: store.problemCount(),
      inA: store.diagnosticsIn(a).map((d) => d.code),
      byTool: [...store.problemsByTool()].map(([id, c]) => [id, c.warnings]),
      notEvaluated: store.notEvaluated().files,
    });
    expect(views()).toEqual({ tools: [], problems: 0, inA: [], byTool: [], notEvaluated: 0 });
    store.apply(1, [a], new Map(), result(a, [tool('ping', a)], [widened(a, 'ping')]));
    expect(views()).toEqual({ tools: ['ping'], problems: 1, inA: ['collision-widened'], byTool: [['registration ping /ws/src/a.ts', 1]], notEvaluated: 0 });
    store.apply(2, [b], new Map(), result(b, [], [diagnostic(b, 'evaluation-failed', { failure: 'load' })], 'load'));
    expect(views()).toMatchObject({ tools: ['ping'], problems: 2, notEvaluated: 1 });
    store.setWorkspaceDiagnostics([diagnostic(a, 'over-budget')]);
    expect(views()).toMatchObject({ problems: 3, inA: ['collision-widened', 'over-budget'] });
    store.apply(3, [a], new Map(), result(a, [tool('ping', a), tool('send', a)], []));
    expect(views()).toEqual({ tools: ['ping', 'send'], problems: 2, inA: ['over-budget'], byTool: [], notEvaluated: 1 });
    store.remove([b]);
    expect(views()).toMatchObject({ problems: 1, notEvaluated: 0 });
    store.clear();
    expect(views()).toEqual({ tools: [], problems: 0, inA: [], byTool: [], notEvaluated: 0 });
  });

  it("keeps other files' merged diagnostics across a change, and every file agrees with a store that never kept any", () => {
    // A store read after every change keeps what a change cannot have touched; a store built from the same changes
    // and read once (nothing kept) is the reference. Runs place findings in their own and other files, tools in other
    // files (a "no tool found" there goes), workspace findings change in place (same key, another severity).
    const files = ['/ws/a.ts', '/ws/b.ts', '/ws/c.ts', '/ws/d.ts'];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), Math.floor(seed / 65536) % n);
    const steps: Array<(store: ResultStore) => void> = [
      (store) => store.setWorkspaceDiagnostics([diagnostic(files[0], 'over-budget', { severity: 'warning' })]),
      (store) => store.setWorkspaceDiagnostics([diagnostic(files[0], 'over-budget', { severity: 'error' })]),
    ];
    for (let seq = 1; seq <= 60; seq++) {
      const origin = files[random(files.length)];
      const kind = random(10);
      if (kind === 0) steps.push((store) => store.remove([origin]));
      else if (kind === 1) {
        const severity = random(2) ? 'warning' : 'error';
        steps.push((store) => store.setWorkspaceDiagnostics([diagnostic(origin, 'over-budget', { severity })]));
      } else {
        const elsewhere = files[random(files.length)];
        const tools = random(2) ? [tool(`t${seq}`, elsewhere)] : [];
        const diagnostics = [
          diagnostic(origin, random(2) ? 'no-tools-found' : 'collision-widened'),
          ...(random(2) ? [diagnostic(elsewhere, 'collision-widened', { message: `from ${origin}` })] : []),
        ];
        steps.push((store) => {
          const run = result(origin, tools, []);
          const byFile = new Map<string, Diagnostic[]>();
          for (const d of diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
          store.apply(seq, [origin], new Map(), { ...run, diagnosticsByFile: byFile });
        });
      }
    }
    const read = (store: ResultStore) => ({ problems: store.problemCount(), byFile: files.map((f) => store.diagnosticsIn(f)) });
    const kept = new ResultStore(() => undefined);
    let keptAcross = 0;
    steps.forEach((step, i) => {
      const before = files.map((f) => kept.diagnosticsIn(f));
      step(kept);
      const reference = new ResultStore(() => undefined);
      for (const s of steps.slice(0, i + 1)) s(reference);
      const now = read(kept);
      expect(now).toEqual(read(reference));
      keptAcross += now.byFile.filter((list, j) => list === before[j]).length;
    });
    // Not a store that merges everything again after each change.
    expect(keptAcross).toBeGreaterThan(60);
  });
});
