/** What evaluation produces: a file's tools as its own library built and sent them, judged in the worker, or why it failed. */
import type { AdvertiseOptions, Finding, KeyMerge } from '../../../shared/types';
import type { PlacedViolation } from '../../../shared/clients/index';
import type { ToolSdk } from '../sdks/names';

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

export interface CancellationLike {
  readonly isCancellationRequested: boolean;
}

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
  findings: Finding[];
  merges: KeyMerge[];
  /** Where `advertised` came from: the library's own answer or the engine's emulation (absent for exported schemas). */
  shipped?: ShippedInfo;
  /** For a tool that ships a union as written: what flattening would ship, and what it would lose. */
  flattened?: FlattenedPreview;
  /** Every profile rule this tool breaks, at every target, placed in the original schema: the pipeline keeps the selected targets. */
  violations?: PlacedViolation[];
  /** For a tool that ships a union as written: the rules its flattened preview would break, at every target. */
  flattenedViolations?: PlacedViolation[];
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
  losses: Finding[];
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
  placeholderRuns?: PlaceholderRun[];
}

/** What a start was still waiting on when the worker stopped waiting for it, and how long after its top level ended. */
export interface StoppedWaiting {
  on: 'request' | 'timer' | 'import';
  afterMs: number;
}

/** An attempt the check refused while evaluating: what it tried, on what, and where user code asked. */
export interface Refusal {
  attempt: 'write' | 'read' | 'process' | 'thread' | 'network' | 'addon' | 'api';
  /** The path or `host:port` it tried, or the API (`fsync`), when there is one. */
  resource?: string;
  at?: SourcePoint;
}

/** A rerun of a start with placeholders (environment/placeholders.ts): the names it set, how many tools it found, and its failure's first line. */
export interface PlaceholderRun {
  names: string[];
  tools: number;
  failed?: string;
}
