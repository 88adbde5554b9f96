/**
 * A library that registers tools, as discovery, the recording wrappers and the reports name it: one per library
 * family (`mcp-handler` registers through MCP's server). A leaf, so that contracts can name it without importing the
 * libraries' recorders; `sdks/index.ts` checks that it lists exactly the libraries' families.
 */
export type ToolSdk = 'mcp' | 'fastmcp' | 'ai' | 'openai-agents' | 'langchain' | 'mastra' | 'openai-functions';
