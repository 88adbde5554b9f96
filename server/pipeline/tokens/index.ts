/**
 * Token counting, a stage after the engine: what each tool's definition costs in a model's context window.
 * It lives beside the pipeline rather than in `shared/` because the tokenizer's ranks are megabytes of data that
 * the engine (and the runtime package built from it) must not carry; it runs in the front's process, once.
 */
export { countToolTokens, heaviestKeys, serverTokens, type KeyWeight, type ServerTokens, type ToolTokens } from './countTools';
export { sentTools, toolOverBudget } from './budget';
export { CONTEXT_WINDOW, countTokens, keepCountsIn, preloadTokenizer, saveKeptCounts, TOKENIZER } from './tokenizer';
export { definitionText, type SentDefinition } from './toolDefinition';
export { toolSets, type ToolSet } from './toolSets';
