import type { EngineOptions, EvaluatedTool, EvaluationFailure, Refusal, StoppedWaiting } from './contract';

export type { Refusal } from './contract';
import type { CallableFactory, FactoryCall } from './worker/start/callFactories';
import type { PreparedEntry, TransformReply, TransformRequest } from './worker/loader/protocol';

export type { LoadFailure, TransformReply, TransformRequest } from './worker/loader/protocol';

/** Environment variable set on every worker (and so inherited by what it starts): the pool's token for it. */
export const EVALUATION_MARKER = 'TOOL_SCHEMA_LENS_EVALUATION';

export { SYNC_TRANSFORM_FD } from './worker/loader/protocol';

/**
 * The fault the tests inject into a worker (worker/sandbox/internalErrors.ts). It changes results, so it is part of the
 * result cache's key: the worker reads it once, before `process.env` is watched, so no evidence records it.
 */
export const FAULT_ENV = 'TOOL_SCHEMA_LENS_FAULT';

/** The key under which the worker installs its recorders on globalThis; the SDK shims look it up. */
export const RECORDERS_KEY = 'tool-schema-lens.recorders';

export interface EvaluateMessage {
  type: 'evaluate';
  id: number;
  /** The user's entry file, loaded in place by Node with the worker's loader hooks (loader/hooks.ts). */
  file: string;
  /** Source appended to the entry: exports of its non-exported factories and tagged schemas. */
  appendix: string;
  /** Declaration names marked `@toolSchema`, and the export alias the appendix gives each. */
  tagged: Array<{ name: string; alias: string }>;
  /** Unsaved editor text by absolute path: the loader serves it instead of the disk, and names are read from it. */
  sources: Record<string, string>;
  /** The engine's options, exactly as the pipeline was given them. */
  engine: EngineOptions;
  /** The entry's factories the worker calls if its start did not reach them. */
  factories?: CallableFactory[];
  /** Environment the user gave for evaluation (settings, --env, the env file). */
  env?: Record<string, string>;
  /** Arguments after the script (`process.argv.slice(2)`). */
  argv?: string[];
  /** Modules to serve as stubs besides the platform ones (`toolSchemaLens.evaluation.stubs`). */
  stubs?: string[];
  /** A workspace entry point: the worker reports which lines of which modules its start reached. */
  entry?: boolean;
  /** The entry's transform, when the host made it before the worker was free (host/preparedEntry.ts). */
  prepared?: PreparedEntry;
}

export type ParentMessage = EvaluateMessage | TransformReply;

/** In a result, a tool exactly as streamed earlier: the `streamed`-th tool message of this evaluation. */
export interface StreamedTool {
  streamed: number;
}

export interface ResultMessage {
  type: 'result';
  id: number;
  /** Tools already streamed come back as references: each crosses the IPC (JSON both sides) once. */
  tools: Array<EvaluatedTool | StreamedTool>;
  failure?: EvaluationFailure;
  /** What became of each factory of the entry. */
  factoryCalls?: FactoryCall[];
  /** Lines of each module (file → 0-based lines) that registrations and server constructions passed through. */
  reached?: Record<string, number[]>;
  /** Milliseconds spent loading the bundle (user code) and in the engine. */
  evaluateMs: number;
  engineMs: number;
  /** Of `engineMs`, the part spent asking the libraries for their own answer (a real client's tools/list). */
  listMs?: number;
  /** Heap in use after the evaluation, bytes: the pool recycles a worker that grew too much. */
  heapUsed: number;
  rss: number;
  /** Set when this worker must not evaluate another file (it changed built-ins, left timers, started processes). */
  retire?: string;
  /** Absolute paths of the workspace files the evaluation loaded (the entry at least). */
  inputs?: string[];
  /** Paths outside node_modules it read or listed through `fs` (worker/sandbox/fsReads.ts; `''`: a read it could not name). */
  reads?: string[];
  /** Files outside node_modules the worker loaded once, outside any generation, so far (loader/hooks.ts). */
  loadedOnce?: string[];
  /** The environment variables it read, by name (`*`: it listed them all); values stay in the worker. */
  envRead?: string[];
  /** It connected to loopback: what answered (a local database, a dev server) is in no file. */
  loopback?: boolean;
  /**
   * Platform modules served by stubs, and globals of the deployment runtime served by stubs that the code read, as
   * `globalThis.<name>` (loader/hooks.ts, runtimeGlobals.ts); files loaded as assets.
   */
  stubbed?: string[];
  assets?: string[];
  /** What the check refused while this file ran, caught by user code or not (worker/sandbox/refusals.ts). */
  refusals?: Refusal[];
  /** Errors of our own caught while judging (worker/sandbox/internalErrors.ts): a finding may be missing. */
  internalErrors?: string[];
  /** The start was still waiting on something when the worker stopped letting it go on (worker.ts, settleStart). */
  stoppedWaiting?: StoppedWaiting;
}

/** One tool of the evaluation under way, sent as soon as it is recorded: kept if the module hangs later. */
export interface ToolMessage {
  type: 'tool';
  id: number;
  tool: EvaluatedTool;
}

export interface ReadyMessage {
  type: 'ready';
}

export type WorkerMessage = ResultMessage | ToolMessage | ReadyMessage | TransformRequest;
