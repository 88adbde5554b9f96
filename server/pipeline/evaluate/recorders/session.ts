/**
 * Where recordings go while one file is evaluated. Each bundle's shims bind to the session current when
 * the bundle loads, so a timer left behind by an earlier file can never record into a later one.
 */
import type { SourcePoint, ToolSdk } from '../../types';

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
  /** The server's own name (\`new McpServer({ name })\`), when the SDK has one: MCP clients prefix tool names with it. */
  server?: string;
  /** The object the SDK returned, to find the name of an AI SDK tool among the module's exports. */
  handle?: unknown;
}

/** A description as the SDK got it, when it is text (anything else is not sent to a model as one). */
export function descriptionOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export class RecordingSession {
  readonly recordings: Recording[] = [];
  /** Promises user code handed to a recorder (an async `initializeServer`): awaited before judging. */
  readonly pending: Promise<unknown>[] = [];
  open = true;
  /** Told of each recording as it is made (the worker streams it to the parent). */
  onRecord?: (recording: Recording) => void;

  record(recording: Recording): void {
    if (!this.open) return;
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
