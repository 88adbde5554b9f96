/**
 * What `check` found, gathered from one or more pipeline runs, in the order every format prints it:
 * by file (relative path), then by position. Paths are printed relative to the working directory with `/`.
 */
import type { FailOn } from './args';
import * as path from 'node:path';
import {
  mergeAnalyses,
  sentTools,
  checkToolSets,
  configProblemDiagnostic,
  applySuppressions,
  readWorkspaceFile,
  serverTokens,
  type AnalysisResult,
  type Diagnostic,
  type Location,
  type ServerTokens,
  type SeverityOverrides,
  type TokenBudget,
  type ToolReport,
  type ToolTokens,
} from '../pipeline';
import { readStore } from '../verify';
import { verdictDriftDiagnostics, verifiedRows, type VerifiedRow } from '../verify';

export interface CheckedTool {
  /** The tool's identity (`ToolReport.id`): findings are counted by it, never by name alone. */
  id: string;
  name: string;
  kind: ToolReport['kind'];
  location: Location;
  advertised: unknown;
  tokens: ToolTokens;
  mountable: boolean;
  shipped?: ToolReport['shipped'];
  flattened?: ToolReport['flattened'];
  calledFactory?: string;
  /** Found by a run of its start with placeholder values for these unset variables. */
  placeholders?: string[];
  /** Found by calling `calledFactory` with made-up values for these parameters. */
  inventedArguments?: string[];
  /** Per target judged: the profile rules broken there. */
  verdicts?: ToolReport['verdicts'];
  /** What a snapshot records beside the definition. */
  description?: string;
  outputSchema?: unknown;
  compare?: ToolReport['compare'];
  server?: ToolReport['server'];
  toolSet?: string;
  /** What the providers answered `verify` (the folder's toolschemalens.verified.json), while its digest is unchanged. */
  verified?: VerifiedRow[];
}

export interface CheckReport {
  cwd: string;
  tools: CheckedTool[];
  diagnostics: Diagnostic[];
  /** Files that were analysed (candidates), whether or not they held tools. */
  fileCount: number;
  /** The registered tools' tokens together. */
  tokens: ServerTokens;
  /** Each server's (or tool set's) tokens, when a checked folder holds more than one: what one host is sent. */
  servers: Array<ServerTokens & { label: string }>;
  /** Workspace files not read (a FIFO, a device, over the size limit), with why. */
  skipped: Array<{ file: string; reason: string }>;
  /** Factories that registered only when called with arguments built from their parameter types. */
  typedCalls: Array<{ file: string; factory: string }>;
  /** Platform modules served by stubs while evaluating. */
  stubbed: string[];
  /** Entry points not run (a bin that reaches no tool library), and why. */
  notRun: Array<{ file: string; reason: 'no-tool-library' }>;
  /** Programs that are not tool files (an MCP client, a script) that failed to load, with why (pipeline/plan/programs.ts). */
  programsNotLoaded: Array<{ file: string; reason: string }>;
  /** The server's arguments (`--arg`) reached no entry point the check ran. */
  argvUnused: boolean;
  /** Variables set for evaluation whose value is a path evaluated code cannot read. */
  unreadableEnv: Array<{ name: string; path: string }>;
  /** Errors of our own caught while analysing (a finding may be missing): printed on stderr, whole with --debug. */
  internalErrors: Array<{ file: string; message: string }>;
  /** Evaluations taken from the result cache instead of run, and the folders it is kept in (stderr says so). */
  cache: { hits: number; dirs: string[] };
}

/** Merge pipeline results into one report, dropping duplicates (the same diagnostic reached from two roots, or through an exported schema). */
/** One checked root's analysis: each checked folder is one server for the per-server budget. */
export interface CheckedRoot {
  result: AnalysisResult;
  fileCount: number;
  root?: string;
  budget?: TokenBudget;
  /** The root's severity overrides (project file and flags), for the whole-server checks made here. */
  severities?: SeverityOverrides;
  /** What is wrong with the root's toolschemalens.config.json. */
  configProblems?: Diagnostic[];
  /** The files checked (their suppression comments are read, used or not). */
  files?: readonly string[];
}

export function collectReport(cwd: string, results: CheckedRoot[]): CheckReport {
  const merged = mergeAnalyses(results.map(({ result }) => result));
  const fileCount = results.reduce((n, r) => n + r.fileCount, 0);
  const tools = merged.tools.map(toolOf);
  const diagnostics: Diagnostic[] = [...merged.diagnostics];
  const sent: ToolReport[] = [];
  const skipped = new Map<string, string>();
  const typedCalls = new Map<string, { file: string; factory: string }>();
  const stubbed = new Set<string>();
  let argvUnused = false;
  const unreadableEnv = new Map<string, { name: string; path: string }>();
  const notRun = new Map<string, 'no-tool-library'>();
  const programs = new Map<string, string>();
  const internalErrors: CheckReport['internalErrors'] = [];
  const cache: CheckReport['cache'] = { hits: 0, dirs: [] };
  const servers: CheckReport['servers'] = [];
  for (const { result, root, budget, severities, configProblems, fileCount: checked } of results) {
    diagnostics.push(...(configProblems ?? []));
    for (const m of result.stubbed ?? []) stubbed.add(m);
    for (const n of result.notRun ?? []) notRun.set(n.file, n.reason);
    for (const p of result.programsNotLoaded ?? []) programs.set(p.file, p.reason);
    argvUnused ||= result.argvUnused === true;
    for (const e of result.unreadableEnv ?? []) unreadableEnv.set(e.name, e);
    internalErrors.push(...(result.internalErrors ?? []));
    if (result.cache) {
      cache.hits += result.cache.hits;
      if (!cache.dirs.includes(result.cache.dir)) cache.dirs.push(result.cache.dir);
    }
    const rootTools = result.files.flatMap((file) => file.tools);
    const folder = checkToolSets({
      root: root ?? cwd,
      tools: rootTools,
      budget,
      severities: severities ?? {},
      ...(root ? { analysed: { result, filesChecked: checked } } : {}),
    });
    diagnostics.push(...folder.diagnostics);
    servers.push(...folder.servers);
    const tsconfig = result.configProblem && configProblemDiagnostic(result.configProblem, severities);
    if (tsconfig) diagnostics.push(tsconfig);
    sent.push(...sentTools(rootTools));
    // The providers' answers kept in the folder: shown on their tools, and a verdict-drift where the profile disagrees.
    const store = root ? readStore(root).store : undefined;
    if (store?.verdicts.length) {
      const rows = verifiedRows(rootTools, store);
      for (const t of tools) if (rows.has(t.id)) t.verified = rows.get(t.id);
      diagnostics.push(...verdictDriftDiagnostics(rootTools, store, severities ?? {}));
    }
    for (const s of result.skipped ?? []) skipped.set(s.file, s.reason);
    for (const c of result.typedCalls ?? []) typedCalls.set(`${c.file}#${c.factory}`, c);
  }
  tools.sort((a, b) => compareLocations(cwd, a.location, b.location) || a.name.localeCompare(b.name));
  diagnostics.splice(0, diagnostics.length, ...suppressed(diagnostics, results));
  diagnostics.sort((a, b) => compareLocations(cwd, { file: a.file, range: a.range }, { file: b.file, range: b.range }) || a.code.localeCompare(b.code));
  const skippedList = [...skipped].map(([file, reason]) => ({ file, reason })).sort((a, b) => (a.file < b.file ? -1 : 1));
  return {
    cwd,
    tools,
    diagnostics,
    fileCount,
    tokens: serverTokens(sent),
    skipped: skippedList,
    typedCalls: [...typedCalls.values()],
    stubbed: [...stubbed].sort(),
    notRun: [...notRun].map(([file, reason]) => ({ file, reason })).sort((a, b) => (a.file < b.file ? -1 : 1)),
    programsNotLoaded: [...programs].map(([file, reason]) => ({ file, reason })).sort((a, b) => (a.file < b.file ? -1 : 1)),
    argvUnused,
    unreadableEnv: [...unreadableEnv.values()],
    servers,
    internalErrors,
    cache,
  };
}

/** Every file's diagnostics with its suppression comments applied (a checked file's unused ones reported too). */
function suppressed(diagnostics: readonly Diagnostic[], results: readonly CheckedRoot[]): Diagnostic[] {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  for (const r of results) for (const f of r.files ?? []) if (!byFile.has(f)) byFile.set(f, []);
  const severitiesOf = (file: string) => results.find((r) => r.root && file.startsWith(r.root + path.sep))?.severities ?? {};
  return [...byFile].flatMap(([file, list]) => {
    const read = readWorkspaceFile(file);
    return applySuppressions(file, 'text' in read ? read.text : undefined, list, severitiesOf(file));
  });
}

function toolOf(t: ToolReport): CheckedTool {
  return {
    id: t.id,
    name: t.name,
    kind: t.kind,
    location: t.location,
    advertised: t.advertised,
    tokens: t.tokens,
    mountable: t.mountable,
    shipped: t.shipped,
    flattened: t.flattened,
    ...(t.calledFactory ? { calledFactory: t.calledFactory } : {}),
    ...(t.placeholders ? { placeholders: t.placeholders } : {}),
    ...(t.inventedArguments ? { inventedArguments: t.inventedArguments } : {}),
    ...(t.verdicts ? { verdicts: t.verdicts } : {}),
    ...(t.description !== undefined ? { description: t.description } : {}),
    ...(t.outputSchema !== undefined ? { outputSchema: t.outputSchema } : {}),
    ...(t.compare ? { compare: t.compare } : {}),
    ...(t.server ? { server: t.server } : {}),
    ...(t.toolSet ? { toolSet: t.toolSet } : {}),
  };
}

/** A file path as printed: relative to the working directory, `/`-separated. */
export function displayPath(cwd: string, file: string): string {
  const rel = path.relative(cwd, file) || path.basename(file);
  return rel.split(path.sep).join('/');
}

function compareLocations(cwd: string, a: Location, b: Location): number {
  const fa = displayPath(cwd, a.file);
  const fb = displayPath(cwd, b.file);
  if (fa !== fb) return fa < fb ? -1 : 1;
  return a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;
}

/** Whether the findings fail the run per `--fail-on`: an error (default), an error or a warning, or never. */
export function findingsFail(report: CheckReport, failOn: FailOn = 'error'): boolean {
  if (failOn === 'none') return false;
  return report.diagnostics.some((d) => d.severity === 'error' || (failOn === 'warning' && d.severity === 'warning'));
}
