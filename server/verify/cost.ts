/**
 * What a run will cost, shown before anything is sent: per provider, the requests and an estimate of their input
 * tokens, counted with the repository's tokenizer (o200k_base) over the text the provider reads (the prompt and the
 * tools as it receives them). Providers add framing of their own around tools, so the figure is an estimate. A refused
 * request is sent again one tool a request, so the most it can cost is given beside the least.
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
}

export function planProvider(provider: ProviderId, model: string, tools: VerifyTool[]): ProviderPlan {
  const adapter = adapterOf(provider);
  const tokensOf = (batch: readonly VerifyTool[]) => countTokens(adapter.inputText(adapter.params(batch, provider, model)));
  const alone = new Map(tools.map((t) => [t, tokensOf([t])]));
  const batches = batchesOf(tools, (t) => alone.get(t) ?? 0);
  let inputTokens = 0;
  let mostRequests = 0;
  let mostInputTokens = 0;
  for (const batch of batches) {
    const tokens = tokensOf(batch);
    inputTokens += tokens;
    mostRequests += 1;
    mostInputTokens += tokens;
    if (batch.length > 1)
      for (const tool of batch) {
        mostRequests += 1;
        mostInputTokens += alone.get(tool) ?? 0;
      }
  }
  return { provider, model, tools, batches, requests: batches.length, inputTokens, mostRequests, mostInputTokens };
}
