/**
 * `verify`'s door for the fronts (the CLI's command and report, the editor's hover): the providers, the plan and the
 * run, and the store of answers with the drift findings made from it. The SDKs load only on the first send (sdks.ts).
 */
export {
  apiOf,
  APIS,
  isProviderId,
  keyOf,
  PROVIDER_IDS,
  providerLabel,
  setupOf,
  type ApiId,
  type PerProvider,
  type ProviderId,
  type ProviderSetup,
} from './providers';
export { planProvider, type ProviderPlan } from './cost';
export { verifyToolOf, type VerifyTool } from './requests';
export { runPlans, type ProviderOutcome } from './runner';
export { mergeStore, readStore, StoreReader, VERIFIED_FILE, writeStore, type StoredVerdict } from './store';
export { verdictDriftDiagnostics, verifiedRows, type VerifiedRow } from './verdictDrift';
