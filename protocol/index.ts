/**
 * Custom messages between the VS Code client and the language server, beyond standard LSP.
 * Only names and plain types live here, so the client can import it without pulling in any server code.
 * One typed message object per method (as vscode-eslint's shared customMessages), used by client/ and server/lsp/
 * alike. To grow a message, add an optional field to its params or result (an older peer still reads it); to add
 * one, add its types and one RequestType/NotificationType below.
 */
import { NotificationType, RequestType } from 'vscode-languageserver-protocol';

/** Request: every tool the server knows (for "Show Advertised Schema"), or the one at a position. */
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
  /** The whole definition as its library sends it (title, output schema, annotations, `_meta`), with its heading. */
  definition?: { heading: string; value: unknown };
  description?: string;
  /** What the definition costs (o200k_base): name, description and input schema as sent; output separately. */
  tokens: { input: number; output?: number; total: number };
  problems: { errors: number; warnings: number; infos: number };
  /** The clients and providers (labels) whose rules this tool breaks: they refuse, drop or rewrite it. */
  refusedBy?: string[];
  /** The library that registered it (`@modelcontextprotocol/sdk`), for a registration. */
  library?: string;
  /** The advertised schema's JSON Schema dialect (`draft-07`, `2020-12`). */
  dialect?: string;
  /** The server the tool belongs to: its workspace folder, with what all its tools cost together. */
  server: ServerSummary;
  /**
   * The input schema as written (unflattened) and flattened, when they differ: only in answers about a position
   * (what Compare asks), never in the whole list.
   */
  compare?: { asWritten: unknown; flattened: unknown };
  /** How its shipped definition differs from the configured snapshot (`toolSchemaLens.snapshot`), when it does. */
  drift?: ToolDriftSummary;
  /** Found with placeholder values for unset variables, or built with made-up arguments: what to set for the real one. */
  foundWith?: string;
}
export interface ToolDriftSummary {
  /** The worst of its changes: a caller valid before is refused now (breaking), or not, or only words changed. */
  class: 'breaking' | 'non-breaking' | 'descriptive';
  status: 'added' | 'renamed' | 'changed';
  /** The snapshot file, as configured. */
  snapshot: string;
  /** Each change in words: `breaking: content{kind=photo}.url: format "uri" added`. */
  changes: string[];
}
export interface ServerSummary {
  /** The workspace folder's name. */
  name: string;
  uri: string;
  /** Registered tools and their tokens together, and their share of a 200k-token window (0..1). */
  tools: number;
  tokens: number;
  windowShare: number;
}
export type ListToolsResult = ToolSummary[];
export const ListToolsRequest = new RequestType<ListToolsParams | undefined, ListToolsResult, void>('toolSchemaLens/listTools');

/** Client command that opens a tool's advertised schema; arguments: `[{ uri, position }]` or none (the cursor). */
export const SHOW_ADVERTISED_SCHEMA_COMMAND = 'toolSchemaLens.showAdvertisedSchema';

/** Notification (server → client): what the server is doing, for the status bar. */
export interface StatusParams {
  state: 'starting' | 'analysing' | 'idle' | 'untrusted' | 'disabled';
  tools: number;
  problems: number;
  /** Human-readable detail, e.g. "12 of 40 files". */
  detail?: string;
  /** Files whose evaluation failed: their tools are missing or kept from their last good run (detail says what to raise). */
  notEvaluated?: number;
}
export const StatusNotification = new NotificationType<StatusParams>('toolSchemaLens/status');

/** workspace/executeCommand command ids handled by the server. */
export const RESTART_WORKERS_COMMAND = 'toolSchemaLens.restartWorkers';

/** initializationOptions the server understands (any LSP client may send them; the extension sends `isTrusted`). */
export interface InitializationOptions {
  /** The client's workspace trust; absent means "decided by how the server was started" (server/lsp/trust.ts). */
  isTrusted?: boolean;
  /** Quiet period after a keystroke before analysing, milliseconds (0 for benchmarks). */
  debounceMs?: number;
  /** Settings for clients without `workspace/configuration`: `{ toolSchemaLens: {...} }` or the section itself. */
  settings?: unknown;
  /**
   * List the findings at a spot in the hover (default true). VS Code shows a spot's diagnostics in the hover itself,
   * so its extension sends false: otherwise each finding reads twice.
   */
  hoverFindings?: boolean;
  /**
   * The client runs the hover's `command:` links (VS Code's extension, which trusts them for Show Advertised Schema
   * only): the tool hover then offers Show schema (default false).
   */
  commandLinks?: boolean;
}
