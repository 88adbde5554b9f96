/**
 * Wording of the findings the pipeline itself raises (a file that could not be evaluated, a duplicate
 * tool name) and of related-information links. The engine words everything else (shared/findings.ts).
 */
import { formatPath } from '../../shared/findings';
import type { Finding, FindingSite } from '../../shared/types';
import type { EvaluationFailure } from './types';

export const UNTRUSTED_MESSAGE = 'workspace is not trusted: tool schemas are not evaluated';

const PHASE_LEAD: Record<EvaluationFailure['phase'], string> = {
  bundle: 'could not bundle this file',
  load: 'this module threw while loading',
  timeout: 'evaluating this file timed out',
  exit: 'this module ended the process while loading',
  memory: 'evaluating this file ran out of memory',
  untrusted: UNTRUSTED_MESSAGE,
};

/** `evaluation-failed`: what went wrong and that this file's tool schemas were not (fully) analysed. */
export function evaluationFailedMessage(failure: EvaluationFailure): string {
  if (failure.phase === 'untrusted') return UNTRUSTED_MESSAGE;
  const reason = failure.reason.trim().split('\n')[0];
  return `${PHASE_LEAD[failure.phase]}${reason ? `: ${reason}` : ''}; its tool schemas are not analysed`;
}

/** `not-mountable` for a tool name registered more than once. */
export function duplicateToolMessage(name: string, count: number): string {
  return `Tool "${name}" is registered ${count} times; a server refuses the second registration, so only one of them can be mounted.`;
}

/** The related-information text pointing from one site of a finding to another. */
export function relatedSiteMessage(f: Finding, site: FindingSite): string {
  const key = f.key ?? (f.path.length ? formatPath(f.path) : undefined);
  if (site.variant && key) return `\`${key}\` in variant \`${site.variant}\``;
  if (site.variant) return `variant \`${site.variant}\``;
  return key ? `\`${key}\`` : 'also here';
}

export function duplicateRelatedMessage(name: string): string {
  return `"${name}" is also registered here`;
}
