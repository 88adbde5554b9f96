/**
 * The tokenizer's ranks, as the language server's and the CLI's bundle loads them: a bundle of their own
 * (`dist/tokenizer.js`), required on the first count. Four of the server bundle's nineteen megabytes were these
 * ranks, read and decoded by every start (`--version`, `lsp`, a check answered from the cache) that never counts.
 */
export { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
