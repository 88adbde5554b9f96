/**
 * Placeholder values for what a start asks for. A server that exits, throws or rejects at start because a credential
 * is unset (`if (!process.env.ACME_TOKEN) process.exit(1)`) registers nothing, though its tools do not depend on the
 * token's value. The start is run again with a recognisable placeholder for exactly the variables it read and found
 * unset on its way to the failure, and the run that registers tools is kept. Safe because evaluation cannot reach the
 * network or write outside its scratch folder: a placeholder secret goes nowhere. Every tool so found is marked.
 *
 * Never given a placeholder: a variable the user set (`--env`, `.env`, the project file, the editor's settings); one
 * the code compares with specific values or splits into a list (a mode, a list of tools), or whose name says it is a
 * switch (`…_DEBUG`, `READ_ONLY`, `ENABLE_…`): either would choose a configuration; one naming a path: no path on
 * disk is invented. A value is shaped as its name says it is checked (a URL, an email, a number).
 */
import type { PlaceholderRun } from '../evaluate/contract';

/** Every placeholder starts so: a reader of the report (or a log) knows it for one. */
export const PLACEHOLDER_MARK = 'tsl-placeholder';

/** Reruns one start may get, each adding the variables the previous one stopped on. */
export const MAX_PLACEHOLDER_RUNS = 3;

/** A switch, a mode or a selection: set, it would choose a configuration, so it stays unset. */
const SWITCH =
  /(^|_)(DEBUG|VERBOSE|TRACE|QUIET|SILENT|LOG|LOGS|LOGGING|LOG_LEVEL|LEVEL|MODE|ENV|NODE_ENV|ENABLE|ENABLED|DISABLE|DISABLED|READ_?ONLY|READONLY|DRY_RUN|TOOLS|TOOLSETS|TOOLSET|FEATURES?|FLAGS?|EXPERIMENTAL|TELEMETRY|TRANSPORT|PORT|CI|TEST|TESTING|SANDBOX|LOCAL|OFFLINE|INSECURE|SKIP|NO)($|_)/;
/** A file or folder: a placeholder would be a path that does not exist, which the code may try to read or create. */
const PATH = /(^|_)(PATH|PATHS|FILE|FILES|DIR|DIRS|DIRECTORY|FOLDER|ROOT|HOME|CWD|CONFIG|CERT|CA|KEYFILE|SOCKET)($|_)/;

/** The placeholder for `name`, shaped as its name says the code checks it. */
export function placeholderValue(name: string): string {
  const lower = name.toLowerCase();
  if (/(^|_)(DATABASE_URL|DB_URL|POSTGRES_URL|PG_URL|CONNECTION_STRING|DB_URI)$/.test(name))
    return `postgresql://${PLACEHOLDER_MARK}:${PLACEHOLDER_MARK}@127.0.0.1:5432/${PLACEHOLDER_MARK}`;
  if (/(^|_)(MONGO|MONGODB)(_URI|_URL)$/.test(name)) return `mongodb://127.0.0.1:27017/${PLACEHOLDER_MARK}`;
  if (/(^|_)REDIS(_URI|_URL)$/.test(name)) return 'redis://127.0.0.1:6379';
  if (/(^|_)DSN$/.test(name)) return `https://${PLACEHOLDER_MARK}@${PLACEHOLDER_MARK}.invalid/1`;
  if (/(^|_)(URL|URI|ENDPOINT|BASE|BASE_URL|API_URL|SERVER|ORIGIN|WEBHOOK)$/.test(name)) return `https://${PLACEHOLDER_MARK}.invalid`;
  if (/(^|_)(HOST|HOSTNAME|DOMAIN|SUBDOMAIN)$/.test(name)) return `${PLACEHOLDER_MARK}.invalid`;
  if (/(^|_)(EMAIL|MAIL|SENDER|FROM_ADDRESS)$/.test(name)) return `${PLACEHOLDER_MARK}@example.invalid`;
  if (/(^|_)(COUNT|NUMBER|NUM|LIMIT|TIMEOUT|SIZE|MAX|MIN)$/.test(name)) return '1';
  return `${PLACEHOLDER_MARK}-${lower.replace(/_/g, '-')}`;
}

/** The placeholder of each of `names`, as the run that set them had it. */
export function placeholderEnv(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, placeholderValue(name)]));
}

/** Whether `name` may get a placeholder at all, by its name (the sources are asked separately: `comparedInSources`). */
export function mayPlaceholder(name: string): boolean {
  return !SWITCH.test(name) && !PATH.test(name);
}

/**
 * Whether a source compares `name` with specific values or splits it into a list: `process.env.MODE === 'http'`,
 * `switch (process.env.MODE)`, `['a', 'b'].includes(process.env.X)`, `process.env.TOOLS?.split(',')`, and the same of
 * a local destructured from `process.env`.
 */
export function comparedInSources(name: string, sources: readonly string[]): boolean {
  return sources.some((text) => text.includes(name) && comparedIn(name, text));
}

function comparedIn(name: string, text: string): boolean {
  // A local the value is kept in (`const mode = process.env.NOTES_MODE`) is compared in its stead.
  const aliases = [
    ...text.matchAll(new RegExp(`(?:const|let|var)\\s+([\\w$]+)\\s*(?::[^=]+)?=\\s*process\\.env(?:\\.${name}\\b|\\[['"\`]${name}['"\`]\\])`, 'g')),
  ].map((m) => m[1]);
  const ref = `(?:process\\.env\\.${name}|process\\.env\\[['"\`]${name}['"\`]\\]|\\b${name}${aliases.map((a) => `|\\b${a.replace(/\$/g, '\\$')}\\b`).join('')})`;
  const compared = new RegExp(
    [
      // A comparison with the empty string asks whether it is set, which is no choice of configuration.
      `${ref}\\s*[!=]==?\\s*(['"\`])[^'"\`\\n]+\\1`,
      `(['"\`])[^'"\`\\n]+\\2\\s*[!=]==?\\s*${ref}`,
      `switch\\s*\\(\\s*${ref}\\s*\\)`,
      `\\.includes\\(\\s*${ref}\\s*\\)`,
      `${ref}\\s*\\??\\.\\s*(?:split|toLowerCase\\(\\)\\s*[!=]==?|startsWith|endsWith|match)\\b`,
    ].join('|'),
  );
  return compared.test(text);
}

/** Whether a source reads `name` with a default (`process.env.X ?? '…'`, `|| '…'`, a destructuring default). */
export function defaultedInSources(name: string, sources: readonly string[]): boolean {
  const read = `(?:process\\.env\\.${name}|process\\.env\\[['"\`]${name}['"\`]\\])`;
  const defaulted = new RegExp(`${read}\\s*(?:\\?\\?|\\|\\|)|\\{[^}]*\\b${name}\\s*=\\s*[^,}]+[^}]*\\}\\s*=\\s*process\\.env`);
  return sources.some((text) => text.includes(name) && defaulted.test(text));
}

/** The variables a failed start may get placeholders for, each with its value, or undefined when none may. */
export function placeholdersFor(
  unset: readonly string[],
  given: Readonly<Record<string, string>>,
  sources: readonly string[],
): Record<string, string> | undefined {
  const names = unset.filter((name) => !(name in given) && mayPlaceholder(name) && !comparedInSources(name, sources) && !defaultedInSources(name, sources));
  return names.length ? Object.fromEntries(names.map((name) => [name, placeholderValue(name)])) : undefined;
}

interface Evaluated {
  tools: readonly unknown[];
  failure?: { phase: string; reason: string; unsetEnv?: string[] };
  factoryCalls?: ReadonlyArray<{ outcome: string; unsetEnv?: string[] }>;
  inputs: readonly string[];
  placeholders?: string[];
  placeholderRuns?: PlaceholderRun[];
}

/** The unset variables a run stopped for: its start's, when it exited or threw, and those of each factory call that threw. */
function stoppedFor(run: Evaluated): string[] {
  const failure = run.failure;
  const start = failure && (failure.phase === 'exit' || failure.phase === 'load') ? (failure.unsetEnv ?? []) : [];
  const calls = (run.factoryCalls ?? []).filter((c) => c.outcome === 'threw').flatMap((c) => c.unsetEnv ?? []);
  return [...new Set([...start, ...calls])];
}

/**
 * `first`, or the run of the same start with placeholders that found more tools: at most `MAX_PLACEHOLDER_RUNS`
 * reruns, each adding the variables the previous run stopped on. What each rerun tried is kept on the result.
 */
export async function withPlaceholders<E extends Evaluated>(
  first: E,
  given: Readonly<Record<string, string>>,
  rerun: (env: Record<string, string>) => Promise<E | undefined>,
  readSource: (file: string) => string | undefined,
): Promise<E> {
  const placed: Record<string, string> = {};
  const runs: PlaceholderRun[] = [];
  let best = first;
  let last = first;
  for (let i = 0; i < MAX_PLACEHOLDER_RUNS; i++) {
    const unset = stoppedFor(last);
    if (unset.length === 0) break;
    const sources = last.inputs.filter((f) => !/[\\/]node_modules[\\/]/.test(f)).flatMap((f) => readSource(f) ?? []);
    const more = placeholdersFor(unset, { ...given, ...placed }, sources);
    if (!more) break;
    Object.assign(placed, more);
    const next = await rerun({ ...given, ...placed });
    if (!next) break;
    const names = Object.keys(placed).sort();
    runs.push({ names, tools: next.tools.length, ...(next.failure ? { failed: next.failure.reason.split('\n')[0] } : {}) });
    if (next.tools.length > best.tools.length) best = { ...next, placeholders: names };
    last = next;
    if (stoppedFor(next).length === 0) break;
  }
  return runs.length ? { ...best, placeholderRuns: runs } : best;
}

/**
 * What a tool found with made-up values says in the editor (hover, Tool Schemas view), as the CLI's note does: the
 * placeholders its start ran with, or the arguments a factory was called with. Undefined for a tool a real start found.
 */
export function foundWithNote(tool: { placeholders?: readonly string[]; calledFactory?: string; inventedArguments?: readonly string[] }): string | undefined {
  if (tool.placeholders?.length) {
    const names = tool.placeholders.join(', ');
    return `Found with placeholder values for ${names}, which its start needs and which are unset: set ${tool.placeholders.length === 1 ? 'it' : 'them'} (.env, toolSchemaLens.evaluation.env) to check the real configuration.`;
  }
  if (tool.calledFactory && tool.inventedArguments?.length)
    return `Built by calling ${tool.calledFactory}(…) with made-up ${tool.inventedArguments.join(', ')}: the real start may add or drop fields.`;
  return undefined;
}
