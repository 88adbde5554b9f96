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
    '“could not load this file: Unexpected "}"; its tool schemas are not analysed” · “this module ended the process while loading: process.exit(3) was called; tools registered after this point are not analysed” · “evaluation used more than 5000 ms of CPU time and was stopped (and again when run once more in a fresh worker); its tool schemas are not analysed (raise the limit with toolSchemaLens.evaluation.timeoutMs or check --timeout <ms>)” (a file stopped at a limit, CPU time, no progress or memory, runs once more in a fresh worker before it is reported) · “evaluation made no progress for 5 s (a wait on I/O that never ends, a deadlock) and was stopped; …” · “the check refused what this module tried while starting: it tried to write data/customers.db; …” · “its server\'s tools/list handler failed, so a client gets the error instead of any tool: MCP error -32603: fetch failed (the check refused its connection to docs.example.com:443 while it listed: …)” · in an untrusted editor workspace: `workspace is not trusted: tool schemas are not evaluated`',
  when: "a file could not be bundled or run: a syntax error, a missing import, a throw at load, a `process.exit`, a time-out, the memory cap, a low-level server's `tools/list` handler that fails, an untrusted workspace",
  where: "the failing import or call when it is in the file, else the file's first line (with related information at the point in an imported module)",
};
