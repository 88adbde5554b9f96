import type { Diagnostic } from '../assemble/report';

export interface NotEvaluated {
  files: number;
  /** Of them, stopped at the CPU-time limit, or at the memory cap (after the retry in a fresh worker). */
  timeouts: number;
  memory: number;
}

/** Count the files that did not evaluate among `diagnostics` (an untrusted workspace is not a failure: it is a state). */
export function countNotEvaluated(diagnostics: Iterable<Diagnostic>): NotEvaluated {
  const out: NotEvaluated = { files: 0, timeouts: 0, memory: 0 };
  for (const d of diagnostics) {
    if (d.code !== 'evaluation-failed' || !d.failure || d.failure === 'untrusted') continue;
    out.files++;
    if (d.failure === 'timeout') out.timeouts++;
    if (d.failure === 'memory') out.memory++;
  }
  return out;
}

/** One sentence for a summary or a status tooltip; undefined when every file evaluated. */
export function notEvaluatedText(n: NotEvaluated, front: 'cli' | 'editor'): string | undefined {
  if (n.files === 0) return undefined;
  const raise: string[] = [];
  const setting = (name: string, flag: string) => (front === 'cli' ? flag : `toolSchemaLens.evaluation.${name}`);
  if (n.timeouts) raise.push(`${n.timeouts} at the time limit: raise ${setting('timeoutMs', '--timeout <ms>')}`);
  if (n.memory) raise.push(`${n.memory} at the memory cap: raise ${setting('memoryMb', '--memory <mb>')}`);
  const one = n.files === 1;
  const missing =
    front === 'cli'
      ? `what ${one ? 'it registers' : 'they register'} after the failure is missing from this result`
      : `what ${one ? 'it registers' : 'they register'} after the failure is missing, or shown from ${one ? 'its' : 'their'} last good run`;
  return `${n.files} file${one ? '' : 's'} did not evaluate${raise.length ? ` (${raise.join('; ')})` : ''}: ${missing}; see ${one ? 'its evaluation-failed finding' : 'their evaluation-failed findings'}`;
}
