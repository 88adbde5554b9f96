/** What running the files of one analysis produced, for assembly and the workspace checks to read. */
import type { EvaluatedFile } from '../evaluate/contract';
import type { AnalysedFile } from '../workspace';
import type { AnalysisResult } from './contract';

export class RunLog {
  /** The files that will get a report, in the order they were taken. */
  readonly analysed: string[] = [];
  /** What discovery knew of each analysed file (entry, server builder, factories). */
  readonly info = new Map<string, AnalysedFile>();
  /** Each evaluated file's run; its promise rejects only with `CancelledError` or `WorkerMissing`. */
  readonly evaluations = new Map<string, Promise<EvaluatedFile>>();
  /** The files whose evaluation has ended. */
  readonly settled = new Set<string>();
  /** Entries not run because they cannot reach a tool library. */
  readonly notRun: NonNullable<AnalysisResult['notRun']> = [];

  /** Starts to track a file's evaluation. */
  track(file: string, evaluation: Promise<EvaluatedFile>): void {
    // A cancelled run stops awaiting; its other evaluations must not surface as unhandled rejections.
    evaluation.then(
      () => this.settled.add(file),
      () => undefined,
    );
    this.evaluations.set(file, evaluation);
  }

  /** Takes back a file admitted before it turned out to be covered already. */
  drop(file: string): void {
    this.analysed.splice(this.analysed.lastIndexOf(file), 1);
    this.info.delete(file);
  }
}
