/**
 * `check_tools`: the workspace's findings, grouped per tool (file:line, code, rule, message, fix), as `check --format
 * json` reports them, paged. The analysis is brought up to date with the disk first (only what changed runs), so
 * an agent calls it again after each edit.
 */
import { z } from 'zod';
import { notEvaluatedText, sentTools, serverTokens, TARGET_IDS, type Diagnostic, type ToolReport } from '../../pipeline';
import type { Analysis } from '../analysedWorkspace';
import { findingShape, findingView, type FindingView } from '../findingView';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageOf } from '../paging';
import { isWithin } from '../roots';
import type { WorkspaceSet } from '../workspaces';
import { defineTool } from './define';

const itemShape = z.object({
  /** The tool's name; null for findings about a file or the workspace (a module that failed to load). */
  tool: z.string().nullable(),
  server: z.string().optional(),
  file: z.string(),
  line: z.number().int(),
  tokens: z.number().int().optional(),
  findings: z.array(findingShape),
});

type Item = z.infer<typeof itemShape>;

export const checkTools = defineTool({
  name: 'check_tools',
  title: 'Check the tool schemas',
  description:
    "The findings on this workspace's MCP tool schemas, per tool: file:line, code, rule, message and fix. Re-analyses only files changed since the last call; call it after each edit.",
  input: {
    paths: z.array(z.string()).max(100).optional().describe('Files or folders to report on (default: the whole workspace)'),
    clients: z
      .array(z.enum(TARGET_IDS as [string, ...string[]]))
      .optional()
      .describe('Judge against these clients instead of the configured ones'),
    include: z.enum(['problems', 'all']).optional().describe('problems (default): tools with findings; all: every tool'),
    cursor: z.string().optional().describe('nextCursor of the previous page'),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional().describe(`Items per page (default ${DEFAULT_PAGE_SIZE})`),
  },
  output: {
    workspace: z.string(),
    summary: z.object({
      tools: z.number().int(),
      tokens: z.number().int(),
      errors: z.number().int(),
      warnings: z.number().int(),
      information: z.number().int(),
    }),
    clients: z.array(z.string()),
    analysis: z.object({ ms: z.number(), files: z.number().int(), full: z.boolean() }),
    items: z.array(itemShape),
    nextCursor: z.string().optional(),
    notes: z.array(z.string()),
  },
  async run(args, context) {
    const set = await context.workspaces();
    const analyses: Analysis[] = [];
    for (const workspace of set.workspaces) analyses.push(await workspace.analysis(args.clients));
    const paths = (args.paths ?? []).map((p) => set.locate(p).file);
    const under = (file: string) => paths.length === 0 || paths.some((p) => isWithin(p, file));
    const include = args.include ?? 'problems';
    const items = analyses
      .flatMap((a) => itemsOf(a, set))
      .filter((item) => under(item.at) || item.findings.some((f) => under(f.at)))
      .filter((item) => include === 'all' || item.findings.length > 0)
      .map(({ view }) => view);
    const key = JSON.stringify([analyses.map((a) => [a.root, a.generation]), args.clients, include, paths]);
    const page = pageOf(items, key, args.cursor, args.pageSize);
    const tools = analyses.flatMap((a) => a.tools.filter((t) => t.kind !== 'exported'));
    const count = (severity: Diagnostic['severity']) => analyses.reduce((n, a) => n + a.diagnostics.filter((d) => d.severity === severity).length, 0);
    return {
      workspace: set.primary.root,
      summary: {
        tools: tools.length,
        tokens: serverTokens(sentTools(tools)).total,
        errors: count('error'),
        warnings: count('warning'),
        information: count('information'),
      },
      // The targets the tools were judged against: the configured ones, else each library's defaults.
      clients: [...new Set(tools.flatMap((t) => t.verdicts?.map((v) => v.target) ?? []))],
      analysis: {
        ms: Math.round(analyses.reduce((n, a) => n + a.refresh.ms, 0)),
        files: analyses.reduce((n, a) => n + a.refresh.files, 0),
        full: analyses.some((a) => a.refresh.full),
      },
      items: page.items,
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      notes: notesOf(analyses, set),
    };
  },
});

/** Each tool with its findings, in the order `check --format json` lists tools, then the findings no tool owns, per file. */
function itemsOf(analysis: Analysis, set: WorkspaceSet): Array<{ at: string; view: Item; findings: Array<{ at: string; view: FindingView }> }> {
  const byTool = new Map<string, Diagnostic[]>();
  const byFile = new Map<string, Diagnostic[]>();
  const ids = new Set(analysis.tools.map((t) => t.id));
  for (const d of analysis.diagnostics) {
    if (d.toolId && ids.has(d.toolId)) byTool.set(d.toolId, [...(byTool.get(d.toolId) ?? []), d]);
    else byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  }
  const findings = (list: readonly Diagnostic[]) => list.map((d) => ({ at: d.file, view: findingView(d, set) }));
  const tools = [...analysis.tools].sort(snapshotOrder).map((t) => {
    const own = findings(byTool.get(t.id) ?? []);
    return {
      at: t.location.file,
      findings: own,
      view: {
        tool: t.name,
        ...(t.server?.name ? { server: t.server.name } : {}),
        file: set.display(t.location.file),
        line: t.location.range.start.line + 1,
        tokens: t.tokens.total,
        findings: own.map((f) => f.view),
      },
    };
  });
  const files = [...byFile].map(([file, list]) => {
    const own = findings(list);
    return { at: file, findings: own, view: { tool: null, file: set.display(file), line: list[0].range.start.line + 1, findings: own.map((f) => f.view) } };
  });
  return [...tools, ...files];
}

/** By server (or tool set), then name, then where registered: the order of `check --format json` and of a snapshot. */
function snapshotOrder(a: ToolReport, b: ToolReport): number {
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const serverOf = (t: ToolReport) => t.server?.name ?? t.toolSet ?? '';
  return (
    text(serverOf(a), serverOf(b)) ||
    text(a.name, b.name) ||
    text(a.location.file, b.location.file) ||
    a.location.range.start.line - b.location.range.start.line
  );
}

/** What the agent should know besides the findings: roots not analysed, files that did not evaluate, a walk cut short. */
function notesOf(analyses: readonly Analysis[], set: WorkspaceSet): string[] {
  const notes = set.refused.map((r) => `Root ${r.root} was not analysed: ${r.reason}.`);
  for (const a of analyses) {
    const failed = notEvaluatedText(a.notEvaluated, 'editor');
    if (failed) notes.push(`${failed}.`);
    if (a.walkTruncated) notes.push(`${a.root} holds too many files to watch them all: edits far down may be seen only after a configuration change.`);
  }
  return notes;
}
