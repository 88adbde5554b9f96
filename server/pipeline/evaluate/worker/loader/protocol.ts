/**
 * The messages between the worker's main thread and its loader hooks (which Node runs on a thread of their own),
 * over the MessagePort handed to the hooks when they are registered. Plain data only.
 *
 * Each evaluation is a generation: its workspace modules are loaded under URLs carrying `?tsl=<generation>`, so
 * every evaluation gets a fresh graph of the workspace's own modules while packages stay loaded once per worker.
 */
import type { ModuleFormat } from '../../moduleFormat';

/**
 * The worker's stdio index of its synchronous transform channel (after stdin, stdout, stderr and Node's IPC
 * channel): one JSON `TransformRequest` per line, one `TransformReply` per line back (host/syncTransforms.ts).
 */
export const SYNC_TRANSFORM_FD = 4;

/** The query parameter that tags a workspace module's URL with its generation. */
export const GENERATION_PARAM = 'tsl';

/** The global the worker installs and the generated zod wrappers call: a zod module the workspace loads. */
export const ZOD_SEEN_KEY = 'tool-schema-lens.zod-seen';

/** The global the worker installs and the generated converter wrappers call: a zod schema converted, and the result. */
export const CONVERSION_KEY = 'tool-schema-lens.conversion';

/**
 * The entry's transform, made by the host while the job waited for a worker: used only when the hooks would ask for
 * exactly this (the same text with its appendix, the same options), so it saves the round trip and nothing else.
 */
export interface PreparedEntry {
  source: string;
  /** `transformKey` of the options it was made with. */
  options: string;
  code: string;
  /** The module system the code is in (CommonJS asked, an ES module when the file awaits at top level). */
  format: ModuleFormat;
}

/**
 * What a transform depends on besides the text: the tsconfig's options, the bundler's constants for the file and
 * the module system asked for.
 */
export function transformKey(compilerOptions: Record<string, unknown>, defines: Record<string, string>, format: ModuleFormat): string {
  return JSON.stringify([compilerOptions, defines, format]);
}

/** Sent before a generation's first import: what the hooks need to load it. */
export interface GenerationStart {
  type: 'start';
  generation: number;
  /** Unsaved text by absolute path. */
  overlays: Array<[string, string]>;
  /** The entry file and source appended to it (exports of factories and tagged schemas). */
  entry: { file: string; appendix: string; prepared?: PreparedEntry };
  /** Modules the user asked to serve as stubs (`toolSchemaLens.evaluation.stubs`): exact, or a prefix ending in `*`. */
  stubs: string[];
}

/** Asked once a generation has run: what it loaded, and why it failed to load if it did. */
export interface ReportRequest {
  type: 'report';
  generation: number;
}

/** A transform the host made for the hooks (they ask through the worker: see `TransformRequest`). */
export interface TransformReply {
  type: 'transformed';
  id: number;
  code?: string;
  /** The module system of `code`: the one asked for, except CommonJS asked of a file with a top-level `await`. */
  format?: ModuleFormat;
  failure?: LoadFailure;
  /** The code depends on more than the file's text (an `import.meta.glob` expanded): the hooks keep no copy. */
  volatile?: true;
}

export type ToHooks = GenerationStart | ReportRequest | TransformReply;

/** Where a file failed to transform or an import failed to resolve, 0-based. */
export interface LoadFailure {
  reason: string;
  at?: { file: string; line: number; character: number };
  /** A bare import that resolved nowhere: the package it names (not installed, or one that exists only deployed). */
  missingPackage?: string;
}

export interface GenerationReport {
  type: 'report';
  generation: number;
  /** Absolute paths of the workspace files the generation loaded. */
  inputs: string[];
  /** Files outside node_modules this worker has loaded outside any generation, so far (loaded once, shared). */
  loadedOnce: string[];
  /** Platform modules served by stubs (`cloudflare:workers`, `server-only`, ...). */
  stubbed: string[];
  /** Files loaded as text or as an empty module because Node cannot run them (`.sql`, `.css`, ...). */
  assets: string[];
  /** The first transform or resolution failure, placed at the file and import that caused it. */
  failure?: LoadFailure;
}

/**
 * A TypeScript/JSX source to strip, relayed by the worker to the host: esbuild is a child process, which a worker
 * under Node's permission model may not start (transformSource.ts runs it in the host).
 */
export interface TransformRequest {
  type: 'transform';
  id: number;
  file: string;
  source: string;
  compilerOptions: Record<string, unknown>;
  format: ModuleFormat;
}

export type FromHooks = GenerationReport | TransformRequest;

/** The global the worker installs and refusing stubs call: an attempt the check refused (worker/sandbox/refusals.ts). */
export const REFUSAL_KEY = 'tool-schema-lens.refused';
