/**
 * Custom messages between the VS Code client and the language server, beyond standard LSP.
 * Only names and plain types live here, so the client can import it without pulling in any server code.
 */

/** Request: every tool the server knows (for "Show Advertised Schema"), or the one at a position. */
export const LIST_TOOLS_REQUEST = 'toolSchemaLens/listTools';
export interface ListToolsParams {
  /** When given, only the tool whose registration/declaration contains this position (or is nearest above it). */
  uri?: string;
  position?: { line: number; character: number };
}
export interface ToolSummary {
  name: string;
  uri: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  kind: 'registration' | 'exported' | 'tagged';
  mountable: boolean;
  /** The advertised JSON Schema, exactly what the model sees. */
  advertised: unknown;
  /** Where `advertised` came from: "Sent by @modelcontextprotocol/sdk 1.32.2 with zod 4.6.7", or an emulation. */
  source: string;
  /** For a tool that ships a union as written: what flattening would ship, with its heading. */
  flattened?: { heading: string; advertised: unknown };
}
export type ListToolsResult = ToolSummary[];

/** Notification (server → client): what the server is doing, for the status bar. */
export const STATUS_NOTIFICATION = 'toolSchemaLens/status';
export interface StatusParams {
  state: 'starting' | 'analysing' | 'idle' | 'untrusted' | 'disabled';
  tools: number;
  problems: number;
  /** Human-readable detail, e.g. "12 of 40 files". */
  detail?: string;
}

/** workspace/executeCommand command ids handled by the server. */
export const RESTART_WORKERS_COMMAND = 'toolSchemaLens.restartWorkers';
