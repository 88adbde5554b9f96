/**
 * The cheap textual gate in front of parsing: only a file that mentions zod, a tool SDK or the
 * `@toolSchema` tag can hold a tool schema, so every other file is skipped without a parse.
 */
const MENTIONS =
  /zod|@modelcontextprotocol\/|fastmcp|mcp-handler|@vercel\/mcp-adapter|['"]ai['"]|@openai\/agents|langchain|@toolSchema/;

/** True when the text may hold a tool schema and is worth parsing. */
export function mayHoldToolSchemas(text: string): boolean {
  return MENTIONS.test(text);
}
