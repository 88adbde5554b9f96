/**
 * The providers `verify` can send to: the five provider targets of shared/clients whose API takes a tool in one
 * request. A target names the profile it checks; an API names the SDK, the key, the base URL and the model, which
 * two targets of one API share (`openai` and `openai-strict` are one key and one model, two ways of sending).
 */
import { profileOf } from '../../shared/clients/index';

export type ApiId = 'openai' | 'anthropic' | 'gemini';
export type ProviderId = 'openai' | 'openai-strict' | 'anthropic' | 'gemini' | 'gemini-json';

export const PROVIDER_IDS: readonly ProviderId[] = ['openai', 'openai-strict', 'anthropic', 'gemini', 'gemini-json'];

export interface ApiInfo {
  /** The variables the key is read from, first set wins (the SDKs' own names). */
  keyVars: readonly string[];
  /** The SDK's own variable for its base URL, honoured as the SDK honours it. */
  baseUrlVar: string;
  /** Where the SDK sends when nothing says otherwise: always passed explicitly, so no SDK reads the process's environment. */
  defaultBaseUrl: string;
  /**
   * A small model of the API that takes function tools, so a run costs little; `--model api=model` or the project
   * file's `verify.models` names another (its answer is recorded with the model's name).
   */
  defaultModel: string;
  /** The npm package sending the request, recorded with its version beside each verdict. */
  sdk: string;
}

export const APIS: Record<ApiId, ApiInfo> = {
  openai: {
    keyVars: ['OPENAI_API_KEY'],
    baseUrlVar: 'OPENAI_BASE_URL',
    defaultBaseUrl: 'https://api.openai.com/v1',
    defaultModel: 'gpt-4.1-mini',
    sdk: 'openai',
  },
  anthropic: {
    keyVars: ['ANTHROPIC_API_KEY'],
    baseUrlVar: 'ANTHROPIC_BASE_URL',
    defaultBaseUrl: 'https://api.anthropic.com',
    defaultModel: 'claude-haiku-4-5',
    sdk: '@anthropic-ai/sdk',
  },
  gemini: {
    keyVars: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
    baseUrlVar: 'GOOGLE_GEMINI_BASE_URL',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com',
    defaultModel: 'gemini-2.5-flash',
    sdk: '@google/genai',
  },
};

export function apiOf(provider: ProviderId): ApiId {
  return provider === 'openai-strict' ? 'openai' : provider === 'gemini-json' ? 'gemini' : provider;
}

/** How messages name a provider: its profile's label (`OpenAI (strict)`). */
export function providerLabel(provider: string): string {
  return profileOf(provider)?.label ?? provider;
}

export function isProviderId(id: string): id is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(id);
}

/** What one run sends to one provider with: the model, the key (never printed or written) and the base URL. */
export interface ProviderSetup {
  provider: ProviderId;
  model: string;
  apiKey: string;
  baseUrl: string;
}

/** Models and base URLs as given: by API (`openai=`) or by target (`openai-strict=`, which wins for that target). */
export type PerProvider = Partial<Record<ApiId | ProviderId, string>>;

/** The key of a provider's API from `env`, or undefined when none of its variables is set. */
export function keyOf(provider: ProviderId, env: NodeJS.ProcessEnv): string | undefined {
  for (const name of APIS[apiOf(provider)].keyVars) {
    const value = env[name];
    if (value) return value;
  }
  return undefined;
}

/** The model and base URL for a provider: given for the target, else for its API, else the SDK's variable, else the default. */
export function setupOf(provider: ProviderId, apiKey: string, models: PerProvider, baseUrls: PerProvider, env: NodeJS.ProcessEnv): ProviderSetup {
  const api = apiOf(provider);
  const info = APIS[api];
  return {
    provider,
    apiKey,
    model: models[provider] ?? models[api] ?? info.defaultModel,
    baseUrl: baseUrls[provider] ?? baseUrls[api] ?? (env[info.baseUrlVar] || info.defaultBaseUrl),
  };
}
