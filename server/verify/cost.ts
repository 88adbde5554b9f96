/**
 * What a run will cost, shown before anything is sent: per provider, the requests and an estimate of their input
 * tokens, counted with the repository's tokenizer (o200k_base) over the text the provider reads (the prompt and the
 * tools as it receives them). Providers add framing of their own around tools, so the figure is an estimate. A tool
 * predicted refused is a request of its own (or shares one with the others predicted refused where the provider's
 * refusal names each); a request refused against the prediction is sent again, at worst one tool a request, so the
 * most it can cost is given beside what it costs when the predictions hold.
 */
import { countTokens } from '../pipeline';
import { adapterOf } from './adapters';
import type { ProviderId } from './providers';
import { BATCH_LIMITS, batchesOf, type VerifyTool } from './requests';

export interface ProviderPlan {
  provider: ProviderId;
  model: string;
  tools: VerifyTool[];
  /** The requests sent when every one is accepted, one per batch. */
  batches: VerifyTool[][];
  requests: number;
  inputTokens: number;
  /** When every batch of several tools is refused: each of its tools sent again alone. */
  mostRequests: number;
  mostInputTokens: number;
  /** Tools the profile predicts refused: sent alone, or together where one refusal names each (`refusedTogether`). */
  predictedRefused: number;
  refusedTogether: boolean;
}

export function planProvider(provider: ProviderId, model: string, tools: VerifyTool[]): ProviderPlan {
  const adapter = adapterOf(provider);
  const tokensOf = (batch: readonly VerifyTool[]) => countTokens(adapter.inputText(adapter.params(batch, provider, model)));
  const alone = new Map(tools.map((t) => [t, tokensOf([t])]));
  const batches = batchesOf(tools, (t) => alone.get(t) ?? 0, BATCH_LIMITS, adapter.namesEveryRefusal);
  let inputTokens = 0;
  let mostRequests = 0;
  let mostInputTokens = 0;
  for (const batch of batches) {
    const tokens = batch.length === 1 ? (alone.get(batch[0]) ?? 0) : tokensOf(batch);
    const again = batch.length > 1 ? batch.length : 0;
    inputTokens += tokens;
    mostRequests += 1 + again;
    mostInputTokens += tokens + (again ? batch.reduce((n, t) => n + (alone.get(t) ?? 0), 0) : 0);
  }
  return {
    provider,
    model,
    tools,
    batches,
    requests: batches.length,
    inputTokens,
    mostRequests,
    mostInputTokens,
    predictedRefused: tools.filter((t) => t.predicted.length > 0).length,
    refusedTogether: adapter.namesEveryRefusal,
  };
}
