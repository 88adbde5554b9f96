/**
 * Sends each provider its requests, one after another, and says per tool what the provider answered. A batch the
 * provider accepts is every tool of it accepted; one it refuses over its tools names the refused ones where the
 * provider's error does (by their place in the request: those are answered, the others sent again together), else is
 * sent again one tool a request, so each refusal is named on its tool. A rate limit or an overload (429, 529, 5xx) is retried after the provider's
 * Retry-After, else with a doubling backoff; a network failure, a refused key or a request refused for something
 * other than its tools ends that provider's run and is said, and no answer is made of it (what the store holds for the
 * tools not answered stays as it was). `maxRequests` bounds every attempt, retries included.
 */
import { adapterOf, type ProviderError } from './adapters';
import type { ProviderPlan } from './cost';
import { apiOf, APIS, providerLabel, type ProviderSetup } from './providers';
import type { VerifyTool } from './requests';
import { loadSdks, type ProviderSdks } from './sdks';
import type { StoredVerdict } from './store';

/** Statuses that say "later": rate limits, Anthropic's overload (529), a provider's own failure. */
const RETRYABLE = new Set([408, 429, 500, 502, 503, 504, 529]);
/** Retries of one request before its provider's run ends. */
export const MAX_RETRIES = 4;
const FIRST_BACKOFF_MS = 1_000;
const MOST_WAIT_MS = 60_000;

export interface RunOptions {
  /** The day the answers are dated with (ISO date). */
  date: string;
  maxRequests?: number;
  /** Waits between retries: the tests answer at once and record the waits. */
  sleep?: (ms: number) => Promise<void>;
  /** Told of each wait, so a long run is not silent. */
  onWait?: (provider: string, ms: number, status: number) => void;
  sdks?: () => Promise<ProviderSdks>;
}

export interface ProviderOutcome {
  provider: ProviderPlan['provider'];
  model: string;
  /** `openai 7.59.0`: the SDK that sent the requests. */
  sdk: string;
  answers: StoredVerdict[];
  requests: number;
  /** Why the run ended before every tool was answered (the network, the key, the request itself). */
  failure?: string;
  /** Tools not sent because `maxRequests` was reached. */
  unsent: number;
  /** Batches refused as a whole whose tools were each accepted alone: what only their sum breaks. */
  refusedTogether: Array<{ tools: string[]; error: string }>;
}

type Attempt = { kind: 'accepted' } | { kind: 'refused'; error: ProviderError } | { kind: 'failed'; why: string } | { kind: 'bound' };

/** Runs each provider's plan in turn; `setups` holds its model, key and base URL. */
export async function runPlans(plans: readonly ProviderPlan[], setups: ReadonlyMap<string, ProviderSetup>, options: RunOptions): Promise<ProviderOutcome[]> {
  const sdks = await (options.sdks ?? loadSdks)();
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let sent = 0;
  const outcomes: ProviderOutcome[] = [];
  for (const plan of plans) {
    const setup = setups.get(plan.provider);
    if (!setup) continue;
    const adapter = adapterOf(plan.provider);
    const sdk = `${APIS[apiOf(plan.provider)].sdk} ${sdks.SDK_VERSIONS[apiOf(plan.provider)]}`;
    const outcome: ProviderOutcome = { provider: plan.provider, model: setup.model, sdk, answers: [], requests: 0, unsent: 0, refusedTogether: [] };
    outcomes.push(outcome);
    const redact = (text: string) => text.split(setup.apiKey).join('[key]');
    // The Retry-After of the last response: the SDKs' errors do not all carry their headers.
    let retryAfter: string | null = null;
    const observingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      retryAfter = response.headers.get('retry-after');
      return response;
    };
    const attempt = async (tools: readonly VerifyTool[]): Promise<Attempt> => {
      const params = adapter.params(tools, plan.provider, setup.model);
      for (let retry = 0; ; retry++) {
        if (options.maxRequests !== undefined && sent >= options.maxRequests) return { kind: 'bound' };
        sent++;
        outcome.requests++;
        retryAfter = null;
        try {
          await adapter.send(sdks, setup, params, observingFetch);
          return { kind: 'accepted' };
        } catch (thrown) {
          const error = adapter.errorOf(thrown);
          error.message = redact(error.message);
          if (error.status === undefined) return { kind: 'failed', why: `no answer from ${setup.baseUrl} (${error.message})` };
          if (RETRYABLE.has(error.status) && retry < MAX_RETRIES) {
            const wait = waitOf(retryAfter, error.retryAfterMs, retry);
            options.onWait?.(plan.provider, wait, error.status);
            await sleep(wait);
            continue;
          }
          if (error.status === 400 || error.status === 422) return { kind: 'refused', error };
          return { kind: 'failed', why: `${error.status} ${error.message}${RETRYABLE.has(error.status) ? ` (still, after ${MAX_RETRIES} retries)` : ''}` };
        }
      }
    };
    const answer = (tool: VerifyTool, accepted: boolean, error?: string) =>
      outcome.answers.push({
        server: tool.server,
        tool: tool.name,
        digest: tool.digest,
        provider: plan.provider,
        model: setup.model,
        sdk,
        date: options.date,
        accepted,
        ...(error !== undefined ? { error } : {}),
        predicted: tool.predicted,
      });
    const fail = (why: string) => (outcome.failure = `${providerLabel(plan.provider)}: ${why}`);
    // A batch's tools until each is answered: the provider's error names the refused ones (answered, the rest sent
    // again together), or names none (each sent alone). Every request answers or drops at least one tool.
    const settle = async (batch: readonly VerifyTool[]): Promise<'done' | 'bound' | 'failed'> => {
      const refusedBefore = outcome.answers.filter((a) => !a.accepted).length;
      let left = [...batch];
      let firstRefusal: string | undefined;
      while (left.length) {
        const got = await attempt(left);
        if (got.kind === 'bound') return ((outcome.unsent += left.length), 'bound');
        if (got.kind === 'failed') return (fail(got.why), 'failed');
        if (got.kind === 'accepted') {
          for (const tool of left) answer(tool, true);
          break;
        }
        if (!got.error.aboutTools) return (fail(`the request itself was refused (${got.error.status}): ${got.error.message}`), 'failed');
        firstRefusal ??= got.error.message;
        const named = [...(got.error.refused ?? [])].filter(([i]) => i >= 0 && i < left.length);
        if (left.length === 1 || named.length) {
          const words = new Map(left.length === 1 ? [[0, got.error.message] as const] : named);
          for (const [i, message] of words) answer(left[i], false, redact(message));
          left = left.filter((_, i) => !words.has(i));
          continue;
        }
        // Named none: each alone.
        for (const [i, tool] of left.entries()) {
          const alone = await settle([tool]);
          if (alone === 'bound') outcome.unsent += left.length - i - 1;
          if (alone !== 'done') return alone;
        }
        break;
      }
      const refused = outcome.answers.filter((a) => !a.accepted).length - refusedBefore;
      if (refused === 0 && firstRefusal !== undefined) outcome.refusedTogether.push({ tools: batch.map((t) => t.name), error: firstRefusal });
      return 'done';
    };
    for (const [index, batch] of plan.batches.entries()) {
      const settled = await settle(batch);
      if (settled === 'done') continue;
      if (settled === 'bound') outcome.unsent += plan.batches.slice(index + 1).reduce((n, b) => n + b.length, 0);
      break;
    }
  }
  return outcomes;
}

/** How long to wait before retry number `retry`: the provider's Retry-After (seconds or a date), else doubling. */
export function waitOf(header: string | null, bodyMs: number | undefined, retry: number, now = Date.now()): number {
  let ms: number | undefined;
  if (header !== null) {
    const seconds = Number(header);
    ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  }
  ms ??= bodyMs;
  if (ms === undefined || !Number.isFinite(ms)) ms = FIRST_BACKOFF_MS * 2 ** retry;
  return Math.min(Math.max(0, Math.round(ms)), MOST_WAIT_MS);
}
