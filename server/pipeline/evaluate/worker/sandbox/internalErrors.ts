/**
 * Errors of our own that the worker caught so that one tool's other findings survive (a client rule that throws): never
 * silent. Each is noted here and travels with the file's result; the CLI prints them (all with --debug, a count
 * without) and the language server writes them to its output channel.
 */
import { FAULT_ENV } from '../../protocol';

const MAX_NOTED = 20;
let noted: string[] = [];

/** Note an error caught where a finding may now be missing. */
export function noteInternalError(where: string, error: unknown): void {
  if (noted.length >= MAX_NOTED) return;
  const head = `${where}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  // The same failure met twice (a tool judged as listed and as emulated) is one error.
  if (noted.some((n) => n.split('\n')[0] === head)) return;
  const stack = error instanceof Error && error.stack ? `\n${error.stack.split('\n').slice(1, 4).join('\n')}` : '';
  noted.push(`${head}${stack}`);
}

/** The errors noted since the last call (one file's evaluation). */
export function takeInternalErrors(): string[] {
  const out = noted;
  noted = [];
  return out;
}

/**
 * A fault the tests inject (`TOOL_SCHEMA_LENS_FAULT=client-rules`) to show that a throwing rule is traced, not lost;
 * nothing sets it otherwise. Read once, as the worker loads: once user code runs, `process.env` is watched
 * (startWatch.ts), and a read per tool judged cost two stack captures and counted as the file's own read of it; the
 * host puts it in the result cache's key instead (evaluate/index.ts).
 */
const FAULT = process.env[FAULT_ENV];

export function injectedFault(what: 'client-rules'): void {
  if (FAULT === what) throw new Error(`injected fault (TOOL_SCHEMA_LENS_FAULT=${what})`);
}
