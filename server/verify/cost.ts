/**
 * What a run will cost, shown before anything is sent: per provider, the requests and an estimate of their input
 * tokens, counted with the repository's tokenizer (o200k_base) over the text the provider reads (the prompt and the
 * tools as it receives them). Providers add framing of their own around tools, so the figure is an estimate. A refused
 * request is sent again one tool a request, so what the profiles' predictions make of it (a request per tool of each
 * request holding a tool predicted refused) is given beside the least and the most.
 */
import { countTokens } from '../pipeline';
import { adapterOf } from './adapters';
import type { ProviderId } from './providers';
import { batchesOf, type VerifyTool } from './requests';

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
  /** When the batches the profile predicts a refusal in are refused, and only they. */
  expectedRequests: number;
  expectedInputTokens: number;
}

export function planProvider(provider: ProviderId, model: string, tools: VerifyTool[]): ProviderPlan {
  const adapter = adapterOf(provider);
  const tokensOf = (batch: readonly VerifyTool[]) => countTokens(adapter.inputText(adapter.params(batch, provider, model)));
  const alone = new Map(tools.map((t) => [t, tokensOf([t])]));
  const batches = batchesOf(tools, (t) => alone.get(t) ?? 0);
  let inputTokens = 0;
  let mostRequests = 0;
  let mostInputTokens = 0;
  let expectedRequests = 0;
  let expectedInputTokens = 0;
  for (const batch of batches) {
    const tokens = tokensOf(batch);
    const again = batch.length > 1 ? batch.length : 0;
    const againTokens = again ? batch.reduce((n, t) => n + (alone.get(t) ?? 0), 0) : 0;
    const refusalPredicted = batch.some((t) => t.predicted.length > 0);
    inputTokens += tokens;
    mostRequests += 1 + again;
    mostInputTokens += tokens + againTokens;
    expectedRequests += 1 + (refusalPredicted ? again : 0);
    expectedInputTokens += tokens + (refusalPredicted ? againTokens : 0);
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
    expectedRequests,
    expectedInputTokens,
  };
}
