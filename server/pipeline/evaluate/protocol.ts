/**
 * The messages between the parent (the pool) and an evaluation worker, over Node IPC (JSON).
 * Everything here is plain data.
 */
import type { EngineOptions, EvaluatedTool, EvaluationFailure } from '../types';
import type { CallableFactory, FactoryCall } from './callFactories';

/** The key under which the worker installs its recorders on globalThis; the bundle's SDK shims look it up. */
export const RECORDERS_KEY = 'tool-schema-lens.recorders';

export interface EvaluateMessage {
  type: 'evaluate';
  id: number;
  /** Where the bundle is: written there by the worker (and removed afterwards) when `code` is given. */
  bundlePath: string;
  /** The bundle, an ES module with an inline source map: the worker writes it, off the parent's busy thread. */
  code?: string;
  /** The user's entry file. */
  file: string;
  /** The zod modules the bundle imports, to register with the engine (loaded as the bundle loads them). */
  zodModules: Array<{ href: string; format: 'esm' | 'cjs' }>;
  /** Declaration names marked `@toolSchema`, and the export alias the bundle gives each. */
  tagged: Array<{ name: string; alias: string }>;
  /** Overlay texts of the bundle's inputs, so the worker can read names at call sites without the disk. */
  sources: Record<string, string>;
  /** The engine's options, exactly as the pipeline was given them. */
  engine: EngineOptions;
  /** The entry's factories the worker calls if its start did not reach them. */
  factories?: CallableFactory[];
  /** Environment the user gave for evaluation (settings, --env, the env file). */
  env?: Record<string, string>;
  /** Arguments after the script (`process.argv.slice(2)`). */
  argv?: string[];
  /** A workspace entry point: the worker reports which lines of which modules its start reached. */
  entry?: boolean;
}

export type ParentMessage = EvaluateMessage;

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
  /** Heap in use after the evaluation, bytes: the pool recycles a worker that grew too much. */
  heapUsed: number;
  rss: number;
  /** Set when this worker must not evaluate another file (it changed built-ins, left timers, started processes). */
  retire?: string;
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

export type WorkerMessage = ResultMessage | ToolMessage | ReadyMessage;
