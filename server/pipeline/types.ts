/**
 * The contract between the workspace pipeline and its fronts (the CLI and the language server).
 * Positions are 0-based (line, character in UTF-16 code units), as in LSP; the CLI adds 1 when printing.
 * File paths are absolute, with the platform's separators.
 */
import type { AdvertiseOptions, FindingCode, FindingRule, KeyMerge, Severity } from '../../shared/types';
import type { ToolSdk } from './sdks';
import type { ToolTokens } from './tokens/countTools';
import type { Evaluator, EvaluatorOptions } from './evaluate';

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface Location {
  file: string;
  range: Range;
}

export type SeveritySetting = Severity | 'off';

/**
 * The engine's options, as one object from the settings to the worker (where each tool is advertised with
 * them): a new engine option is a field of the engine's `AdvertiseOptions` plus its setting, nothing between.
 */
export type EngineOptions = Omit<AdvertiseOptions, 'flattenUnionInput'> & { flattenUnionInput?: FlattenMode };

/**
 * Which tools ship with their unions flattened: `auto` (the default) those whose input carries the runtime
 * package's flatten marker, `true` every tool (a server that flattens in its own way), `false` none. The worker
 * turns it into the engine's boolean per tool.
 */
export type FlattenMode = 'auto' | boolean;

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

export interface RelatedInformation {
  location: Location;
  message: string;
}

/** What a quick fix needs to rename a colliding key in one variant. */
export interface RenameData {
  key: string;
  variant: string;
  discriminator: string;
  /** Suggested new name: derived from variant and key, colliding with nothing in the union. */
  newName: string;
}

export interface Diagnostic {
  file: string;
  range: Range;
  severity: Severity;
  code: FindingCode;
  message: string;
  /** The check that raised it, where its code has several (shared `RULES`). */
  rule?: FindingRule;
  /** The tool's name, as the message and a front show it. */
  tool?: string;
  /** The tool's identity (`ToolReport.id`): what counts and attribution use, since two servers may share a name. */
  toolId?: string;
  /** Schema path in the original input (keys, `*`). */
  path: string[];
  variants?: string[];
  related: RelatedInformation[];
  /** Present on collision-widened / enum-widened diagnostics placed on one variant's key. */
  rename?: RenameData;
  /** For client-rejects: the target ids it concerns (`rule` is the profile rule broken). */
  targets?: string[];
  /** What to do, where the engine words it apart (client-rejects): the message's last clause, as data. */
  fix?: string;
  /** For evaluation-failed: how the evaluation failed (a limit, a throw…), for counts a front shows without reading the message. */
  failure?: EvaluationFailure['phase'];
  /** For evaluation-failed: what the failure comes from, as data, for the workspace's summary of why it found nothing. */
  failedBecause?: Pick<EvaluationFailure, 'cause' | 'missingPackage' | 'unsetEnv' | 'choices'> & {
    /** Placeholders a rerun of the start set, which still found nothing more. */
    placeholdersTried?: string[];
  };
  /** The kind of tool schema whose finding this is (file-level diagnostics have none): lets every front prefer a registration's finding over the same one reached through an exported schema. */
  origin?: 'registration' | 'exported' | 'tagged';
}

/** One key of a tool's schema, as the hover explains it. */
export interface KeyReport extends Omit<KeyMerge, 'unionTrail'> {
  /** Where each declaring variant declares the key (same order as `variants`); null where it could not be placed. */
  declarations: Array<Location | null>;
  /** The key's subschema in the advertised JSON Schema. */
  advertised: unknown;
}

export interface ToolReport {
  /** What identifies the tool across analyses: its kind, name and where it is registered (`toolIdentity`). */
  id: string;
  name: string;
  /** The editor's last good result, kept because the latest run of its file failed (see ResultStore.apply). */
  stale?: boolean;
  /** registration: a call to an SDK; exported: an exported schema holding a discriminated union; tagged: `@toolSchema`. */
  kind: 'registration' | 'exported' | 'tagged';
  /** Where the tool is registered or declared: the whole call / declaration. */
  location: Location;
  /** Range of the tool's name (the name string literal, or the declaration's identifier). */
  nameRange?: Range;
  /** Range of the schema expression (the input argument / initializer), for hover on a schema. */
  schemaRange?: Range;
  /** Where the tool was written, when another file (or another place) registers it: hover, lens and outline answer there too. */
  definedAt?: SourceDefinition;
  /** The advertised JSON Schema, exactly what the model sees. */
  advertised: unknown;
  /** The description it was registered with (sent to the model with the schema). */
  description?: string;
  /** What its definition costs in the model's context window (o200k_base tokens). */
  tokens: ToolTokens;
  /** The library it was registered with (none for an exported or tagged schema). */
  sdk?: ToolSdk;
  /** Registered only when the check called this factory (no run's start reached it). */
  calledFactory?: string;
  /** Found by a run of its start with placeholder values for these unset variables (placeholders.ts). */
  placeholders?: string[];
  /** Found by calling `calledFactory` with made-up values for these parameters: second best to a real start. */
  inventedArguments?: string[];
  /** The server object it was registered on (MCP libraries): what one host is sent together. */
  server?: ServerIdentity;
  /** For a tool on no server: the exported object holding it, its tool set. */
  toolSet?: string;
  /** The file whose exports hold `toolSet` (a tool may be written in another). */
  toolSetFile?: string;
  /** As written and flattened, when they differ (Compare). */
  compare?: SchemaPair;
  /** The output schema as JSON Schema, when the tool declares one. */
  outputSchema?: unknown;
  mountable: boolean;
  keys: KeyReport[];
  /** Where `advertised` came from (absent for exported schemas, which no library sends). */
  shipped?: ShippedInfo;
  /** For a tool that ships a union as written: the flattened preview and its losses. */
  flattened?: FlattenedPreview;
  /** Per target the tool is judged against: the profile rules it breaks there (none: it loads). */
  verdicts?: import('../../shared/clients/types').TargetVerdict[];
}

/**
 * A tool's own definition apart from its registration (`const addThing = { name, parameters: Args }` in a tool file
 * that a helper elsewhere registers), found from where its input schema was created.
 */
export interface SourceDefinition {
  file: string;
  /** The tool object literal, else the schema expression. */
  range: Range;
  /** Its `name` property and the identifier the object is bound to. */
  nameRanges: Range[];
  /** The schema expression, the property holding it and the identifier it is bound to. */
  schemaRanges: Range[];
  /** The advertised schema's keys where this schema declares them (a spread's keys lie in their own file), with their subschemas. */
  keys: Array<{ path: string[]; file: string; range: Range; advertised: unknown; required: boolean }>;
}

/** The result of analysing one file. */
export interface FileReport {
  file: string;
  /** The overlay version that was analysed, when the text came from an overlay. */
  version?: number;
  tools: ToolReport[];
  /** Diagnostics whose range lies in this file (a finding can land in another file: e.g. a variant imported from elsewhere). */
  diagnostics: Diagnostic[];
  /** Time spent per stage, milliseconds (for benchmarks and tracing). */
  timings: {
    discover: number;
    bundle: number;
    evaluate: number;
    engine: number;
    locate: number;
    /** Of `engine`: listing each tool through its library (a real client's tools/list). */
    list?: number;
    /** Of `locate` (assembly as a whole): counting each tool's tokens. */
    tokens?: number;
  };
  /** The file's evaluation failed (the editor then keeps its last good tools, marked stale). */
  failed?: EvaluationFailure['phase'];
}

/** Unsaved editor text that takes precedence over the disk. */
export interface Overlay {
  text: string;
  version: number;
}

export interface CancellationLike {
  readonly isCancellationRequested: boolean;
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

// ---------------------------------------------------------------------------------------------
// Internal stage contracts: discover → evaluate → (engine, inside the worker) → locate → assemble.
// ---------------------------------------------------------------------------------------------

/** A library that registers tools, as discovery and the recording wrappers name it. */
export type { ToolSdk };

/** A 0-based point in a source file, as the evaluation worker reports it (from source-mapped stacks). */
/**
 * Where a tool's input schema was created in workspace source (evaluate/worker/recorders/creationSites.ts): the call that built it,
 * when workspace code did, and where members of its shape were built, with their keys (the literal that holds
 * them under those keys is the schema as written, wherever the object itself was built).
 */
export interface InputSite {
  call?: SourcePoint;
  members?: (SourcePoint & { key: string })[];
  /** With `members`: every key of the shape, to tell the literal that builds it from one that lends it a few. */
  keys?: string[];
}

export interface SourcePoint {
  file: string;
  line: number;
  character: number;
}

/** The server a registration went to (evaluate/worker/recorders/serverIdentity.ts). */
export interface ServerIdentity {
  /** Per worker process: tells instances apart within one evaluation. */
  id: number;
  /** The name given to the server (`new McpServer({ name })`). */
  name?: string;
  /** Where it was constructed: the same server reached through several entry points. */
  site?: SourcePoint;
  /** Made by the worker for a factory call: stands for whichever server the program passes in. */
  synthetic?: boolean;
}

/** One tool schema as evaluated and judged by the engine inside a worker: plain data only. */
export interface EvaluatedTool {
  name: string;
  kind: 'registration' | 'exported' | 'tagged';
  sdk?: ToolSdk;
  /** For registrations: the user-code frame that made the registration call (first frame outside our wrappers). */
  callSite?: SourcePoint;
  /** For exported / tagged schemas: the binding's name in its module. */
  exportName?: string;
  /** The description the tool was registered with. */
  description?: string;
  /** For registrations on a server instance (MCP, FastMCP). */
  server?: ServerIdentity;
  /** For a tool on no server: the exported object holding it (one tool set a program hands a model). */
  toolSet?: string;
  /** Registered while the worker called this factory, which the module's own start did not reach. */
  /** The factory's parameters that got made-up values when it registered this tool. */
  inventedArguments?: string[];
  calledFactory?: string;
  /** Where the input schema was created in workspace source (the worker watches zod): findings start there when the registration's own argument cannot be followed. */
  inputSite?: InputSite;
  /** For a registration through a wrapper many tools share: the user frames of its stack, to find the call that names it. */
  frames?: SourcePoint[];
  /** The advertised JSON Schema (display form: unrepresentable nodes as `{}`). */
  advertised: unknown;
  mountable: boolean;
  /** Engine findings (severity = the engine's default; the pipeline applies the user's overrides). */
  findings: import('../../shared/types').Finding[];
  merges: KeyMerge[];
  /** Where `advertised` came from: the library's own answer or the engine's emulation (absent for exported schemas). */
  shipped?: ShippedInfo;
  /** For a tool that ships a union as written: what flattening would ship, and what it would lose. */
  flattened?: FlattenedPreview;
  /** Every profile rule this tool breaks, at every target, placed in the original schema: the pipeline keeps the selected targets. */
  violations?: import('../../shared/clients/index').PlacedViolation[];
  /** For a tool that ships a union as written: the rules its flattened preview would break, at every target. */
  flattenedViolations?: import('../../shared/clients/index').PlacedViolation[];
  /** The input schema as written and flattened, when flattening changes it (what Compare shows side by side). */
  compare?: SchemaPair;
  /** The output schema as JSON Schema, when the tool declares one (counted on its own). */
  outputSchema?: unknown;
}

/** One tool's input schema as written (unflattened) and flattened, both as JSON Schema from the engine. */
export interface SchemaPair {
  asWritten: unknown;
  flattened: unknown;
}

/** Where a tool's advertised definition came from. */
export interface ShippedInfo {
  /** The package that sends it (`@modelcontextprotocol/sdk`, `fastmcp`, `ai`...). */
  library: string;
  libraryVersion?: string;
  /** The version of the zod copy that built the schema. */
  zodVersion?: string;
  /** library: the library's own answer (a real client's `tools/list`, its own conversion); emulated: the engine's. */
  source: 'library' | 'emulated';
  /** The tool's whole definition as the library sends it (name, title, description, inputSchema, outputSchema, annotations...). */
  definition?: Record<string, unknown>;
  /** The tool ships with its unions flattened (its input carries the runtime package's marker, or the setting says all do). */
  flattened: boolean;
  /** Why the library could not answer: its `tools/list` failed, it is not installed... */
  note?: string;
  /**
   * The server's whole `tools/list` fails (another tool breaks it): `definition` is what the library lists for this
   * tool on a server holding only it, which is what ships once the breaking tool is fixed.
   */
  listedAlone?: boolean;
  /** Served as plain JSON Schema (a low-level server's handler): no zod behind it, so fixes are worded in JSON Schema. */
  plainJson?: boolean;
}

export interface FlattenedPreview {
  /** The flattened input JSON Schema (the engine's conversion). */
  advertised: unknown;
  /** The flatten findings: what flattening would lose. */
  losses: import('../../shared/types').Finding[];
  merges: KeyMerge[];
}

/**
 * What a load failure comes from, in the terms of its fix (worker/start/loadCause.ts reads it off the error; messages.ts
 * words it): an API of a newer Node than the one running the check, a global of another runtime, a module system
 * mismatch Node itself would refuse.
 */
export type LoadCause =
  | { kind: 'newer-node'; needs: number; api: string }
  | { kind: 'other-runtime'; global: string; runtime: string }
  /** The start stopped on a connection the check refused (`module`: the file that connected). */
  | { kind: 'refused-connection'; resource: string; module?: string }
  | {
      kind: 'module-format';
      problem: 'commonjs-in-esm' | 'require-esm' | 'named-from-commonjs' | 'named-from-package' | 'esm-in-commonjs';
      name?: string;
      module?: string;
    };

export type EvaluationFailure = {
  /**
   * bundle: esbuild failed (syntax error, missing import); load: the module threw; timeout; exit: it called process.exit or died;
   * memory: over the cap; untrusted; realm: it changed the JavaScript built-ins (undone, its tools judged without the change);
   * list: a low-level server's own `tools/list` handler failed (every tool it serves is lost).
   */
  phase: 'bundle' | 'load' | 'timeout' | 'exit' | 'memory' | 'untrusted' | 'realm' | 'refused' | 'list';
  reason: string;
  /** For a bare import that resolved nowhere: the package it names (the message says how to install or stub it). */
  missingPackage?: string;
  /** What the failure comes from, when it is one the check can name (a newer Node, another runtime, a module format). */
  cause?: LoadCause;
  /** Stopped at a limit twice: the second run, in a fresh worker, was stopped too. */
  retried?: boolean;
  /** Where the failure happened in user code, when known. */
  at?: SourcePoint;
  /** The last lines the module printed before it exited or threw. */
  printed?: string[];
  /** Environment variables the module's own code read while starting that were unset. */
  unsetEnv?: string[];
  /** Of those, the ones the code compares with specific values: a choice to make, never a placeholder. */
  choices?: string[];
};

export interface EvaluatedFile {
  file: string;
  tools: EvaluatedTool[];
  /** Present when the file could not be evaluated (tools then holds whatever was recorded before the failure). */
  failure?: EvaluationFailure;
  /** Absolute paths of the workspace source files the evaluation loaded (for dependents). */
  inputs: string[];
  /** Platform modules the loader served by stubs (`cloudflare:workers`, `server-only`). */
  stubbed?: string[];
  /** Files the loader served as text because Node cannot run them (`.sql`, `.md`, ...). */
  assets?: string[];
  /** What the check refused while the file ran (a write, a process, a connection), caught by its code or not. */
  refusals?: Refusal[];
  timings: { bundle: number; evaluate: number; engine: number; list?: number };
  /** What became of each factory the worker was asked to call (evaluate/worker/start/callFactories.ts). */
  factoryCalls?: Array<{
    name: string;
    outcome: 'ran-at-start' | 'called' | 'threw' | 'not-callable';
    reason?: string;
    /** For `threw`: the variables the call read and found unset (a toolkit's key). */
    unsetEnv?: string[];
    typed?: boolean;
    /** A required parameter that is a path: the factory was not called again with built arguments (no path is invented). */
    pathNeeded?: string;
  }>;
  /** Lines of each module (file → 0-based lines) that registrations and server constructions passed through. */
  reached?: Record<string, number[]>;
  /** Errors of our own the worker caught (a client rule that threw): a finding may be missing. */
  internalErrors?: string[];
  /** The start was still waiting when the worker stopped letting it go on: tools it registers later are not seen. */
  stoppedWaiting?: StoppedWaiting;
  /** The variables this run had placeholder values for (its start needed them and they were unset): placeholders.ts. */
  placeholders?: string[];
  /** Each rerun of the start with placeholders: what it set and what it found. */
  placeholderRuns?: import('./environment/placeholders').PlaceholderRun[];
}

/** What a start was still waiting on when the worker stopped waiting for it, and how long after its top level ended. */
export interface StoppedWaiting {
  on: 'request' | 'timer' | 'import';
  afterMs: number;
}

/** A tool schema site found statically by discovery (ts-morph). */
export interface DiscoveredSite {
  kind: 'registration' | 'exported' | 'tagged';
  sdk?: ToolSdk;
  /** The tool's name when it is a string literal (registrations) or the binding name (exported / tagged). */
  name?: string;
  exportName?: string;
  /** The registration call or the declaration. */
  range: Range;
  nameRange?: Range;
  /** The schema expression (input argument, inputSchema/parameters/schema property, initializer). */
  schemaRange?: Range;
  /** The returns of the inline handler that carry no `structuredContent` (discover/handlerReturns.ts). */
  unstructuredReturns?: Range[];
}

export interface DiscoveredFile {
  file: string;
  sites: DiscoveredSite[];
  /** True when the file may hold tool schemas and should be evaluated. */
  candidate: boolean;
  /** It imports what a tool library registers or serves with; false for an MCP client program or no library. */
  toolApi?: boolean;
}

/**
 * How the worker fills one parameter of a factory it calls: a recording server, an options object holding one at
 * these keys, a forgiving placeholder, or a value built from the parameter's type (discover/factoryArguments.ts).
 */
/**
 * What a factory's parameter is given: a recording server; a placeholder; an options object holding servers under
 * `serverKeys`, in which the keys its destructuring gives a default (`{ skipImages = false }`) are left out, so the
 * code's own default applies, as for a caller that omits them; or a value built from its type.
 */
export type ParamHint = 'server' | 'value' | 'options' | { serverKeys: string[]; defaulted?: string[] } | { built: BuiltValue };

/** A value described in JSON, made in the worker: a recording server, a Set and a function cannot cross as themselves. */
export type BuiltValue =
  | { literal: string | number | boolean | null }
  | { object: Record<string, BuiltValue> }
  | { array: BuiltValue[] }
  | { set: BuiltValue[] }
  | { map: true }
  | { fn: true }
  | { server: true }
  | { placeholder: true };

/** A top-level function or class that builds a server or registers tools (discover/factories.ts). */
export interface FactorySpec {
  name: string;
  /** The export that already names it (an anonymous default export); otherwise the bundle exports it under an alias. */
  exportName?: string;
  kind: 'function' | 'class';
  /** 0-based first and last line of its declaration in the entry file: a frame inside means it ran. */
  lines: [number, number];
  params: ParamHint[];
  /** The parameters' names as written (`options`, or `{…}` for a destructuring): what a report names as invented. */
  paramNames?: string[];
  /** A class's methods that build or register, called on the instance in order. */
  methods?: Array<{ name: string; lines: [number, number]; params: ParamHint[] }>;
}

/** An attempt the check refused while evaluating: what it tried, on what, and where user code asked. */
export interface Refusal {
  attempt: 'write' | 'read' | 'process' | 'thread' | 'network' | 'addon' | 'api';
  /** The path or `host:port` it tried, or the API (`fsync`), when there is one. */
  resource?: string;
  at?: SourcePoint;
}
