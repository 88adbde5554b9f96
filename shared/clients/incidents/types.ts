/**
 * The vocabulary of the incident catalog: what a public thread reports a client or provider did with a tool's
 * schema, with the smallest definition that reproduces it. Plain data; the profiles' rules are tested against it.
 */
import type { Consequence, RuleId } from '../types';

/** The smallest tool (or server) that reproduces an incident, as the server sent it on the wire. */
export interface IncidentTool {
  /** The tool's inputSchema as listed (default: an empty object schema). */
  input?: unknown;
  outputSchema?: unknown;
  name?: string;
  /** The server's name, where the client prefixes tool names with it. */
  server?: string;
  /** The description's length in characters (the text itself does not matter). */
  descriptionLength?: number;
  /** How many tools the server lists, for a per-server limit. */
  toolCount?: number;
  /** Every tool's inputSchema of one request, for a budget the provider counts over all of them. */
  requestInputs?: readonly unknown[];
}

export interface Incident {
  /** Unique, stable: `<target>-<what>-<thread's short name>`. */
  id: string;
  /** The public thread that reports it. */
  thread: string;
  /** The day of the post that shows it (ISO). */
  date: string;
  /** The profile id of the client or provider. */
  target: string;
  /** The client, model or SDK version the thread names. */
  clientVersion?: string;
  /** What the target did; `taken` where the thread shows it taking the shape. */
  consequence: Consequence | 'taken';
  /** What the thread reports, briefly, in its own words where it quotes an error. */
  says: string;
  /** The rule it evidences (none for a shape taken). */
  rule?: RuleId;
  tool: IncidentTool;
}
