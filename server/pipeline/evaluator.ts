/**
 * The evaluation stage as assembly sees it: one EvaluatedFile per request, from the worker pool in
 * evaluate/. Requests carry the flatten/target options so a settings change needs no new workers.
 */
import type { EvaluatedFile, PipelineOptions } from './types';

export interface EvaluateRequest {
  file: string;
  /** Unsaved text by absolute path. */
  overlays: ReadonlyMap<string, string>;
  /** Names of declarations marked `@toolSchema` in the file. */
  tagged: string[];
}

export interface Evaluator {
  evaluate(request: EvaluateRequest): Promise<EvaluatedFile>;
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

export function createEvaluator(options: PipelineOptions): Evaluator {
  void options;
  throw new Error('evaluation stage not wired yet');
}
