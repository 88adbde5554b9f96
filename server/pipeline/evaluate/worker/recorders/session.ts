import type { InputSite, ServerIdentity, SourcePoint } from '../../contract';
import type { ToolSdk } from '../../../sdks/names';
import { stackHere } from './callSite';

/** One registration as the SDK received it. */
export interface Recording {
  sdk: ToolSdk;
  /** Undefined when the SDK takes the name from elsewhere (the Vercel AI SDK: the key the tool is placed under). */
  name: string | undefined;
  /** The input schema as the SDK built it (a raw shape already turned into an object), or undefined when there is none. */
  input: unknown;
  /** The tool's description as passed to the SDK: part of what the model is sent (and of its token cost). */
  description?: string;
  /** The output schema as the SDK stored it (MCP `registerTool`'s `outputSchema`), when there is one. */
  output?: unknown;
  callSite?: SourcePoint;
  /** The object the SDK returned, to find the name of an AI SDK tool among the module's exports. */
  handle?: unknown;
  /** The factory the worker was calling when it was registered (the module's start did not call it). */
  calledFactory?: string;
  /** The factory's parameters that got made-up values when it registered this (callFactories.ts). */
  inventedArguments?: string[];
  /** For a tool on no server (AI SDK, Agents, ...): the exported object holding it, its tool set (toolNames.ts). */
  toolSet?: string;
  /** Where the input schema was created (evaluate/worker/recorders/creationSites.ts), set by the worker before judging. */
  inputSite?: InputSite;
  /** The stack of the registration, captured raw and formatted only when the call site is a wrapper many tools share. */
  rawStack?: { stack?: string };
  /** User frames of that stack, outermost last (set by the worker for shared call sites). */
  frames?: SourcePoint[];
  /** The server instance it was registered on, when the SDK has one (MCP, FastMCP). */
  server?: ServerIdentity;
  /** For an MCP server's tool: the recorded server (a real one), to take its `tools/list` from. */
  mcpServer?: RecordedServer;
  /** File URL or absolute path of the library's real module (its package names the library and version). */
  libraryModule?: string;
  /**
   * The library's own conversion of this tool, as it sends it (`input` replaced by `swap` when given: a tool
   * counted as flattened); undefined when the library offers none here.
   */
  ship?: (swap?: unknown) => Promise<Shipment | undefined>;
}

/** What a library's own conversion answered for one tool. */
export interface Shipment {
  /** The tool's definition as the library builds it (its own keys: `parameters`, `schema`, `strict`...). */
  definition: Record<string, unknown>;
  /** The input JSON Schema inside it. */
  inputSchema: unknown;
}

/** A recorded McpServer: the instance, the workspace's real class and the module it came from. */
export interface RecordedServer {
  instance: object;
  Real: new (...args: any[]) => any;
  /** File URL or absolute path of the real server module. */
  module: string;
}

/** A description as the SDK got it, when it is text (anything else is not sent to a model as one). */
export function descriptionOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A low-level MCP `Server` the workspace built: its tools are whatever its `tools/list` handler answers. */
export interface LowLevelServer extends RecordedServer {
  server?: ServerIdentity;
  /** Where the `tools/list` handler was set (else where the server was built): its tools are placed there. */
  site?: SourcePoint;
}

/** A zod schema the workspace converted to JSON Schema itself (`zodToJsonSchema`, `z.toJSONSchema`), and the result. */
export interface Conversion {
  schema: unknown;
  json: string;
  callSite?: SourcePoint;
}

export class RecordingSession {
  readonly recordings: Recording[] = [];
  /** McpServers built during the evaluation: each one that acts on a client's initialize is initialized by one. */
  readonly mcpServers: RecordedServer[] = [];
  /** Low-level servers built during the evaluation, listed by a real client once the start settled. */
  readonly lowLevelServers: LowLevelServer[] = [];
  /** The workspace's own zod → JSON Schema conversions: how a listed tool is traced back to its zod schema. */
  readonly conversions: Conversion[] = [];
  /** Promises user code handed to a recorder (an async `initializeServer`): awaited before judging. */
  readonly pending: Promise<unknown>[] = [];
  open = true;
  /** Told of each recording as it is made (the worker streams it to the parent). */
  onRecord?: (recording: Recording) => void;
  /** Set while the entry has factories to call: the user frames of every registration and server construction, to tell which factories ran. */
  reached?: SourcePoint[][];
  /** The workspace's McpServer class, as the first shim that loaded handed it over (factories get servers of it). */
  serverClass?: new (...args: any[]) => any;
  /** The module that class came from (file URL or path): the servers made for factories are listed from it too. */
  serverModule?: string;
  /** Set while the worker calls factories: a name made of placeholders is no tool. */
  placeholderNames = false;
  /** The factory the worker is calling now: its registrations say so. */
  callingFactory?: string;
  /** The parameters the factory being called got made-up values for (callFactories.ts). */
  inventedArguments?: string[];

  /** A server was built, or a tool registered, from the current stack. */
  noteReach(): void {
    if (this.open && this.reached) this.reached.push(stackHere());
  }

  /** Tools a called factory made without a name (an AI SDK `tool()`): named when a toolkit hands them out (toolkits.ts). */
  unnamed: Recording[] = [];

  record(recording: Recording): void {
    if (!this.open) return;
    if (this.placeholderNames && recording.name?.includes(PLACEHOLDER_MARK)) return;
    if (this.placeholderNames && !recording.name) {
      this.unnamed.push(this.stamped(recording));
      return;
    }
    this.noteReach();
    this.keep(this.stamped(recording));
  }

  /** A recording the factory being called made, named now: kept as if recorded so. */
  adopt(recording: Recording, name: string): void {
    this.unnamed = this.unnamed.filter((r) => r !== recording);
    this.keep({ ...recording, name });
  }

  private stamped(recording: Recording): Recording {
    const previous = Error.stackTraceLimit;
    Error.stackTraceLimit = 12;
    const rawStack: { stack?: string } = {};
    Error.captureStackTrace(rawStack, this.record);
    Error.stackTraceLimit = previous;
    recording.rawStack = rawStack;
    if (this.callingFactory) recording.calledFactory = this.callingFactory;
    if (this.inventedArguments?.length) recording.inventedArguments = this.inventedArguments;
    return recording;
  }

  private keep(recording: Recording): void {
    this.recordings.push(recording);
    try {
      this.onRecord?.(recording);
    } catch {
      // Streaming is a courtesy: it never becomes user code's exception.
    }
  }

  track(value: unknown): void {
    if (this.open && value && typeof (value as Promise<unknown>).then === 'function') {
      this.pending.push(Promise.resolve(value).catch(() => undefined));
    }
  }
}

let current = new RecordingSession();
current.open = false;

export function startSession(): RecordingSession {
  current.open = false;
  current = new RecordingSession();
  return current;
}

export function currentSession(): RecordingSession {
  return current;
}

/** What a placeholder argument turns into as a string: a registration named from one is not recorded. */
export const PLACEHOLDER_MARK = '\u2063placeholder\u2063';
