/** The pipeline's door: the options it takes, what one analysis returns, and the operations the fronts call. */
import type { Evaluator, EvaluatorOptions } from '../evaluate';
import type { CancellationLike, EngineOptions } from '../evaluate/contract';
import type { FileReport, Diagnostic, SeveritySetting } from '../assemble/report';

export interface PipelineOptions {
  /** Absolute workspace root: where tsconfig.json / package.json are looked up and globs are relative to. */
  root: string;
  /** Passed to the engine unchanged with each evaluation. */
  engine: EngineOptions;
  /** Targets every tool is judged against (client-rejects), applied at assembly; empty: chosen per tool from its library. */
  clients?: string[];
  /** Per-evaluation time limit in milliseconds (default 5000). */
  timeoutMs: number;
  /** Per-worker memory cap in megabytes (default 512). */
  memoryMb: number;
  /** Globs relative to root; default include `**\/*.{ts,tsx,mts,cts,js,mjs,cjs}`, default exclude node_modules, dist, build, out. */
  include: string[];
  exclude: string[];
  /** Severity overrides (`off` drops the finding): per finding code, and per client rule at a target (`codex/format`; see severities.ts). */
  severities: Readonly<Partial<Record<string, SeveritySetting>>>;
  /** Without trust no workspace code runs: every candidate file gets an `evaluation-failed` (not trusted) diagnostic instead. */
  trusted: boolean;
  /** Token budgets for `over-budget` (0: off); absent: none. */
  budget?: TokenBudget;
  /** Entry points the user names (root-relative paths, `file#factory` names a factory); package.json's are found anyway. */
  entryPoints?: string[];
  /** Environment for evaluation (name → value), over the env file's. */
  env?: Record<string, string>;
  /** Env file relative to root; default `.env` when it exists. */
  envFile?: string;
  /** Command-line arguments the program gets (`process.argv.slice(2)`), as its README's start command passes them. */
  argv?: string[];
  /** Modules served by stubs while evaluating, besides the platform ones: exact names, or prefixes ending in `*`. */
  stubs?: string[];
  /** Let evaluated code load native addons (their code runs outside the permission model; off by default). */
  allowAddons?: boolean;
  /** Rerun a start that failed on unset credentials with placeholder values (default true; placeholders.ts). */
  placeholders?: boolean;
  /**
   * Keep evaluations across runs in `node_modules/.cache/tool-schema-lens` and reuse one whose request and files are
   * unchanged (evaluate/host/resultCache.ts). The CLI's default; the editor keeps its results in memory instead.
   */
  cache?: boolean;
  /**
   * With `cache`, keep token counts across runs in the same folder (tokens/keptCounts.ts): a run whose texts were all
   * counted before never loads the tokenizer. The CLI's; the editor loads the tokenizer once and keeps it.
   */
  keepTokenCounts?: boolean;
  /** A front that outlives its runs (the language server): a worker near its recycle gets a warm successor ahead of it. */
  keepWorkersWarm?: boolean;
  /**
   * Where each tool's own definition (`ToolReport.definedAt`) is placed: in open buffers only (default, the CLI has no
   * use for it), or in every file (the language server: a tool file opened later answers from the scan's result).
   */
  placeDefinitions?: 'open' | 'all';
  /**
   * Where the pipeline gets its evaluation workers (default: a pool of its own, `createEvaluator`, ended with the
   * pipeline). A host that runs many checks lends a pool it keeps warm across them: the test process, whose in-process
   * checks of one folder under one environment share workers, as the language server's analyses do.
   */
  evaluators?: EvaluatorSource;
}

/** Makes (or lends) the workers of one pipeline; `dispose` on what it returns ends them, or gives them back. */
export type EvaluatorSource = (options: EvaluatorOptions) => Evaluator;

export interface TokenBudget {
  tokensPerTool: number;
  tokensPerServer: number;
}

/** Unsaved editor text that takes precedence over the disk. */
export interface Overlay {
  text: string;
  version: number;
}

export interface AnalysisResult {
  /** One report per analysed candidate file (files with no tool schema are omitted). */
  files: FileReport[];
  /** All diagnostics, grouped by the file they lie in (may include files that were not analysed themselves). */
  diagnosticsByFile: Map<string, Diagnostic[]>;
  /** Workspace files that were not read (a FIFO, a device, over the size limit), with why: the fronts say so. */
  skipped?: Array<{ file: string; reason: string }>;
  /** Factories that registered only when called with arguments built from their parameter types: the fronts say so. */
  typedCalls?: Array<{ file: string; factory: string }>;
  /** Platform modules (`cloudflare:workers`, `server-only`) the evaluation served by stubs: the fronts say so. */
  stubbed?: string[];
  /**
   * Programs that are not tool files (an MCP client example, a script using no tool library) that failed to load,
   * with the first line of why: listed once by the fronts instead of a warning each (programs.ts).
   */
  programsNotLoaded?: Array<{ file: string; reason: string }>;
  /**
   * Entry points not run, and why: `no-tool-library`, a bin or script whose imports reach no tool library (a CLI,
   * an installer, a migration; entryReach.ts). The fronts list them, with how to run one anyway (name it an entry).
   */
  notRun?: Array<{ file: string; reason: 'no-tool-library' }>;
  /**
   * The server's arguments (`--arg`, `evaluation.argv`) went to no entry this analysis ran: they go only to what the
   * start scripts run, else `main`, else the entries the user named (entryPoints.ts, `serverStarts`). The fronts say so.
   */
  argvUnused?: boolean;
  /** Variables set for evaluation whose value is a path outside what evaluated code may read (envPaths.ts). */
  unreadableEnv?: Array<{ name: string; path: string }>;
  /** The workspace's tsconfig.json does not parse (analysed without it): the fronts report it on the tsconfig. */
  configProblem?: { file: string; line: number; character: number; message: string };
  /** Errors of our own caught while analysing (a finding may be missing): the CLI prints them, the editor logs them. */
  internalErrors?: Array<{ file: string; message: string }>;
  /** Evaluations taken from the result cache instead of run (evaluate/host/resultCache.ts), and where it is. */
  cache?: { dir: string; hits: number };
}

/**
 * Part of a run's result ahead of its end: the report of `origin` (an analysed file whose evaluation still runs) with
 * only the tools judged so far that touch an open file, and their diagnostics. Its whole result replaces it.
 */
export type EarlyResults = (origin: string, partial: AnalysisResult) => void;

export interface Pipeline {
  /** Candidate files under the root (include/exclude applied, quick textual pre-filter): files that may hold tool schemas. */
  listCandidates(): Promise<string[]>;
  /**
   * Analyse these files (all candidates when omitted). Overlays replace disk content for the named files. With
   * `early`, an evaluation still running hands on what it found so far in open files (the overlays' files).
   */
  analyze(files?: string[], overlays?: ReadonlyMap<string, Overlay>, token?: CancellationLike, early?: EarlyResults): Promise<AnalysisResult>;
  /** Files that (transitively) import `file`, from the last analysis: to re-analyse when it changes. */
  dependents(file: string): string[];
  /** How many workspace files the last analysis of `file` read: a whole server's entry reads most of them. */
  reach?(file: string): number;
  /** Apply new options (settings changed) without restarting anything that need not restart. */
  updateOptions(options: Partial<PipelineOptions>): void;
  /** Kill and respawn the evaluation workers (after node_modules changed, or on user request); every file runs again, the result cache notwithstanding. */
  restartWorkers(): Promise<void>;
  /** Read the project's tsconfig again (it changed on disk): its compiler options and whether it parses. */
  reloadProject?(): void;
  dispose(): Promise<void>;
}
