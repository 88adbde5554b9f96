/** The adapter of each provider API (a file each); `openai-strict` and `gemini-json` are ways of sending of their API. */
import { apiOf, type ApiId, type ProviderId } from '../providers';
import { anthropicAdapter } from './anthropic';
import { geminiAdapter } from './gemini';
import { openaiAdapter } from './openai';
import type { Adapter } from './types';

export type { Adapter, ProviderError } from './types';
export { PROMPT } from './types';

const ADAPTERS: Record<ApiId, Adapter> = { openai: openaiAdapter, anthropic: anthropicAdapter, gemini: geminiAdapter };

export function adapterOf(provider: ProviderId): Adapter {
  return ADAPTERS[apiOf(provider)];
}
