/** `evaluation-failed`: A file could not be bundled or run (syntax error, missing import, throw at load, time-out, untrusted workspace). */
import { defineFinding, type FindingDocs } from './define';

export const evaluationFailed = defineFinding({
  code: 'evaluation-failed',
  defaultSeverity: 'warning',
  summary: 'A file could not be bundled or run (syntax error, missing import, throw at load, time-out, untrusted workspace).',
  messages: {},
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  example:
    '“could not load this file, so its tool schemas are not analysed; fix the error. Unexpected "}".” · “this module ended the process while loading, so later tools are not analysed; set API_KEY with check --env or .env. process.exit(3) was called. It read API_KEY, unset; …” · “evaluating this file timed out, so its tool schemas are not analysed; raise the limit with check --timeout <ms>. Evaluation used more than 5000 ms of CPU time and was stopped …” The first sentence says what failed, what it costs and what to do; the error and what the start read or printed follow.',
  when: "a file could not be bundled or run: a syntax error, a missing import, a throw at load, a `process.exit`, a time-out, the memory cap, a low-level server's `tools/list` handler that fails, an untrusted workspace",
  where: "the failing import or call when it is in the file, else the file's first line (with related information at the point in an imported module)",
};
