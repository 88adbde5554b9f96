/**
 * One provider API's adapter, a file each: the request's shape for a list of tools (the SDK call's arguments, which
 * the cost is counted on and the SDK sends), the send through the provider's own SDK, and what its errors say.
 */
import type { ProviderSdks } from '../sdks';
import type { ProviderId, ProviderSetup } from '../providers';
import type { VerifyTool } from '../requests';

/** The few words every request carries besides its tools: a request needs a message, and it is billed. */
export const PROMPT = 'ok';

/** How long one request may take before it counts as a network failure. */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface Adapter {
  /** The SDK call's arguments for one request carrying `tools`. */
  params(tools: readonly VerifyTool[], provider: ProviderId, model: string): Record<string, unknown>;
  /** What the provider reads as input, as JSON text: the prompt and the tools as it receives them (the estimate's text). */
  inputText(params: Record<string, unknown>): string;
  /**
   * Sends one request through the SDK; resolves when the provider took it, rejects with the SDK's error. The SDK's own
   * logging is off whatever its variable says (`OPENAI_LOG=debug` would print each request into a CI log).
   */
  send(sdks: ProviderSdks, setup: ProviderSetup, params: Record<string, unknown>, fetch: typeof globalThis.fetch): Promise<void>;
  /** The provider's own words for a failed request, and whether they are about the tools (else the request itself failed). */
  errorOf(error: unknown): ProviderError;
  /**
   * Whether one refusal names every refused tool of the request (Gemini lists each field it cannot read), so tools
   * predicted refused go together; else each goes alone, as its refusal would name it and no other.
   */
  namesEveryRefusal: boolean;
}

export interface ProviderError {
  /** The HTTP status, when a response came back (none: the network failed). */
  status?: number;
  /** The provider's message, as it wrote it. */
  message: string;
  /** The error names the tools (a schema, a name), so a request per tool will say which. */
  aboutTools: boolean;
  /** How long the provider asked to wait, where its body says so (Gemini's RetryInfo); the header is read apart. */
  retryAfterMs?: number;
  /** The tools the error names as refused, by their place in the request, with the provider's words for each. */
  refused?: Map<number, string>;
}

/** The status and parsed body an SDK error carries, read defensively: each SDK names them its own way. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
