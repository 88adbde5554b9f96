/**
 * Wording of the findings the pipeline itself raises (a file that could not be evaluated, a duplicate
 * tool name) and of related-information links. The engine words everything else (shared/findings.ts).
 */
import path from 'node:path';
import { formatPath } from '../../../shared/findings/index';
import type { Finding, FindingSite } from '../../../shared/types';
import type { Diagnostic } from '../assemble/report';
import type { EvaluationFailure, LoadCause, Refusal } from '../evaluate/contract';
import { effectiveSeverity, type SeverityOverrides } from './severities';
import { mayPlaceholder } from '../environment/placeholders';
import { usageHint } from '../start/usageHint';

export const UNTRUSTED_MESSAGE = 'workspace is not trusted: tool schemas are not evaluated';

const PHASE_LEAD: Record<EvaluationFailure['phase'], string> = {
  bundle: 'could not load this file',
  load: 'loading this file threw',
  timeout: 'evaluating this file timed out',
  exit: 'this module ended the process while loading',
  memory: 'evaluating this file ran out of memory',
  untrusted: UNTRUSTED_MESSAGE,
  realm: 'this module changes JavaScript built-ins other files rely on',
  refused: 'the check refused what this module tried while starting',
  list: "its server's tools/list handler failed, so a client gets the error instead of any tool",
};

/** `structured-content-missing`: the return, what the client does with it (MCP-Nest#79 quotes the SDK client), the fix. */
export function structuredContentMissingMessage(tool: string): string {
  return `Tool ${tool}: this return has no structuredContent, so a client's callTool fails; return structuredContent, or drop the outputSchema. The tool declares an output schema, and the SDK's client fails with MCP error -32600 ("Tool ${tool} has an output schema but did not return structured content"); return structuredContent matching it, with the same data as text in content.`;
}

/**
 * `evaluation-failed`: what went wrong and what that costs, then what to do, in the first sentence; the error and
 * what the start read or printed after it. `recorded` tools were registered before the failure and are still
 * analysed; anything after it is not.
 */
export function evaluationFailedMessage(failure: EvaluationFailure, recorded = 0): string {
  if (failure.phase === 'untrusted') return UNTRUSTED_MESSAGE;
  const reason = failure.reason.trim().split('\n')[0];
  const again = failure.retried ? ' (and again when run once more in a fresh worker)' : '';
  const said = reason ? ` ${sentence(reason)}${again}.` : '';
  // The change was undone before its tools were judged: nothing of this file is lost, but the user should know.
  if (failure.phase === 'realm') return `${PHASE_LEAD.realm}; the analysis undid it and ran this file's tools without it.${said}`;
  const cost = recorded > 0 ? 'later tools are not analysed' : 'its tool schemas are not analysed';
  if (failure.cause) return `${causeSentence(failure.cause).replace(/\.$/, '')}. ${sentence(cost)} (${PHASE_LEAD[failure.phase]}: ${reason}${again}).`;
  const { fix, evidence } = failureFix(failure);
  // A failed tools/list already says what it costs: a client gets the error instead of any tool.
  const lost = failure.phase === 'list' ? '' : `, so ${cost}`;
  return `${PHASE_LEAD[failure.phase]}${lost}; ${fix}.${said}${evidence}`;
}

/** What to do about a failure without a known cause, and the evidence that says so. */
function failureFix(failure: EvaluationFailure): { fix: string; evidence: string } {
  if (failure.missingPackage)
    return {
      fix: `install ${failure.missingPackage} with your package manager`,
      evidence: ` A module that exists only where the server is deployed can be stubbed: check --stub ${failure.missingPackage} or toolSchemaLens.evaluation.stubs.`,
    };
  if (failure.phase === 'timeout')
    return { fix: 'raise the limit with check --timeout <ms>', evidence: ' In the editor: toolSchemaLens.evaluation.timeoutMs.' };
  if (failure.phase === 'memory') return { fix: 'raise the cap with check --memory <mb>', evidence: ' In the editor: toolSchemaLens.evaluation.memoryMb.' };
  const { unset, context } = startContext(failure);
  if (unset.length) {
    const names = unset.slice(0, 3).join(', ') + (unset.length > 3 ? ` and ${unset.length - 3} more` : '');
    return {
      fix: `set ${names} with check --env or .env`,
      evidence: ` It read ${unset.join(', ')}, unset; in the editor, set ${unset.length === 1 ? 'it' : 'them'} in toolSchemaLens.evaluation.env.${context}`,
    };
  }
  const fix =
    failure.phase === 'refused'
      ? 'stub the module that does it (check --stub <module>)'
      : failure.phase === 'list'
        ? "fix the handler's error"
        : failure.phase === 'exit'
          ? 'see what it printed'
          : 'fix the error';
  return { fix, evidence: context };
}

/** A reason as a sentence of its own: a leading plain word capitalised (never code), its final full stop dropped. */
function sentence(text: string): string {
  const capital = /^[a-z]+[ ,]/.test(text) ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : text;
  return capital.replace(/[.\s]+$/, '');
}

const RUNNING = `Node ${process.versions.node}`;

/** A load failure's cause, first: what the code needs and what to do about it. */
export function causeSentence(cause: LoadCause): string {
  switch (cause.kind) {
    case 'newer-node': {
      const given = cause.api === 'WebSocket' || cause.api === 'navigator';
      const declare = `declare "engines": { "node": ">=${cause.needs}" } or `;
      const then = given ? ` With engines declared in its package.json, the check gives it Node ${cause.needs}'s ${cause.api}.` : '';
      return `its code needs Node ${cause.needs} or newer (${cause.api}); ${given ? declare : ''}run the check with Node ${cause.needs}. The check runs on ${RUNNING}.${then}`;
    }
    case 'other-runtime':
      return cause.runtime === 'Cloudflare Workers'
        ? `it reads ${cause.global}, a global of Cloudflare Workers, outside a Workers app; put the app's wrangler config beside its package.json, so the check gives it the Workers globals`
        : `it reads ${cause.global}, which Node does not have; exclude this file with toolSchemaLens.exclude if it runs elsewhere. ${cause.global} is a global of ${cause.runtime}`;
    case 'module-format':
      return MODULE_FORMAT[cause.problem](cause.name ?? 'a name', cause.module ?? 'a package');
    case 'refused-connection':
      return `the start stopped on a refused connection to ${cause.resource}; stub the module that connects (check --stub <module>). Evaluated code connects only to loopback, so the tools it registers afterwards are missing; point it at a server on loopback, or in the editor stub it with toolSchemaLens.evaluation.stubs`;
  }
}

const MODULE_FORMAT: Record<Extract<LoadCause, { kind: 'module-format' }>['problem'], (name: string, module: string) => string> = {
  'commonjs-in-esm': (name) =>
    `it uses ${name}, which only CommonJS defines, in a file Node runs as an ES module (its package.json says "type": "module"); use import.meta.dirname or createRequire, or drop "type": "module"`,
  'require-esm': () => 'it require()s an ES module that Node cannot load synchronously (it awaits at its top level); import it instead',
  'named-from-commonjs': (name, module) =>
    `it imports ${name} by name from ${module}, a CommonJS module whose names Node cannot see from an ES module; import its default and read ${name} from it`,
  'named-from-package': (name, module) =>
    `it imports ${name} by name from ${module}, which does not export it to an ES module (a CommonJS package whose names Node cannot see, or a name it lacks); import its default and read ${name} from it`,
  'esm-in-commonjs': () => 'it uses import in a file Node runs as CommonJS; name it .mts, or set "type": "module" in its package.json',
};

const ATTEMPT: Record<Refusal['attempt'], string> = {
  write: 'write',
  read: 'read',
  process: 'start a process',
  thread: 'start a worker thread',
  network: 'connect to',
  addon: 'load the native addon of',
  api: 'call the API',
};

/** `evaluation-refused`: what the module tried, that the check refused it, and that evaluation went on. */
export function evaluationRefusedMessage(refusal: Refusal): string {
  const what = `${ATTEMPT[refusal.attempt]}${refusal.resource ? ` ${refusal.resource}` : ''}`;
  if (refusal.attempt === 'addon')
    return `while checking, this module tried to ${what}, and the check refused it; allow addons with check --allow-addons, or stub its package. Native code runs outside the check's confinement; in the editor: toolSchemaLens.evaluation.allowAddons or toolSchemaLens.evaluation.stubs (check --stub ${refusal.resource ?? '<package>'}). Evaluation went on.`;
  return `while checking, this module tried to ${what}, and the check refused it; nothing to do unless its tools depend on it. Evaluated code reads the workspace, writes only to a scratch folder, connects only to loopback and starts no process or thread. Evaluation went on.`;
}

/** A tsconfig.json that does not parse: what TypeScript says, and what that costs. */
export function configProblemMessage(problem: { file: string; message: string }): string {
  return `${path.basename(problem.file)} does not parse: ${problem.message}; this folder was analysed without it (its paths, baseUrl and JSX settings ignored), and tsc fails on it too`;
}

/** A tsconfig.json that does not parse, as the `config-invalid` finding both fronts show on it (null when turned off). */
export function configProblemDiagnostic(
  problem: { file: string; line: number; character: number; message: string },
  severities: SeverityOverrides = {},
): Diagnostic | null {
  const severity = effectiveSeverity('config-invalid', 'error', severities);
  if (!severity) return null;
  const at = { line: problem.line, character: problem.character };
  return { file: problem.file, range: { start: at, end: at }, severity, code: 'config-invalid', message: configProblemMessage(problem), path: [], related: [] };
}

/** What the module printed and which unset variables it read before it exited or threw: usually the missing key. */
function startContext(failure: EvaluationFailure): { unset: string[]; context: string } {
  const printed = failure.printed?.length ? failure.printed[failure.printed.length - 1] : undefined;
  // Of the unset variables it read, the ones its message names are the missing keys; the others had defaults.
  const choices = new Set(failure.choices ?? []);
  const read = (failure.unsetEnv ?? []).filter((n) => !choices.has(n));
  const named = read.filter((n) => failure.reason.includes(n) || failure.printed?.some((p) => p.includes(n)));
  // A switch (…_DEBUG) the start read on its way is not what it stopped for, unless it names it.
  const keys = read.filter((n) => mayPlaceholder(n));
  const unset = named.length ? named : keys.length ? keys : read;
  const parts: string[] = [];
  // A thrown error says what went wrong itself; an exit's code does not.
  if (printed && failure.phase === 'exit' && !failure.reason.includes(printed)) parts.push(` It printed \`${printed}\` before.`);
  parts.push(usageHint([failure.reason, ...(failure.printed ?? [])]));
  if (choices.size) {
    const names = [...choices].join(', ');
    parts.push(
      ` (it read ${names}, unset, which the code compares with values: a choice, never given a placeholder; set ${choices.size === 1 ? 'it' : 'them'} as your users do, check --env ${[...choices][0]}=…)`,
    );
  }
  return { unset, context: parts.join('') };
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

/** Related information from a file's `evaluation-failed` to the place in an imported module where it failed. */
export function failurePointMessage(phase: EvaluationFailure['phase']): string {
  return phase === 'bundle' ? 'loading failed here' : phase === 'exit' ? 'the process was ended here' : 'it failed here';
}

/** Related information from an exit or throw in an imported module back to the file whose run reached it. */
export function startedFromMessage(): string {
  return 'while this file ran';
}
