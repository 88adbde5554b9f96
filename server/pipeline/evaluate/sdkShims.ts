/**
 * The SDK entry points whose imports the bundle routes through a recording shim, and the shim modules'
 * source. A shim re-exports the real module (loaded from the workspace) and replaces the registering
 * exports with the worker's recorders, which wrap the real classes and functions.
 */
import { RECORDERS_KEY } from './protocol';

/** Which recorder handles an entry point, and which of its exports it replaces. */
export interface ShimSpec {
  recorder: 'mcp' | 'mcpHandler' | 'fastmcp' | 'ai' | 'openaiAgents' | 'langchain';
  exports: string[];
}

const SHIMS: Record<string, ShimSpec> = {
  '@modelcontextprotocol/sdk/server/mcp.js': { recorder: 'mcp', exports: ['McpServer'] },
  '@modelcontextprotocol/sdk/server/mcp': { recorder: 'mcp', exports: ['McpServer'] },
  '@modelcontextprotocol/server': { recorder: 'mcp', exports: ['McpServer'] },
  'mcp-handler': { recorder: 'mcpHandler', exports: ['createMcpHandler'] },
  fastmcp: { recorder: 'fastmcp', exports: ['FastMCP'] },
  ai: { recorder: 'ai', exports: ['tool'] },
  '@openai/agents': { recorder: 'openaiAgents', exports: ['tool'] },
  '@openai/agents-core': { recorder: 'openaiAgents', exports: ['tool'] },
  '@langchain/core/tools': { recorder: 'langchain', exports: ['tool', 'DynamicStructuredTool'] },
};

export function shimFor(specifier: string): ShimSpec | undefined {
  return Object.prototype.hasOwnProperty.call(SHIMS, specifier) ? SHIMS[specifier] : undefined;
}

/** The MCP server packages an `mcp-handler` may build its servers with, newest first. */
export const MCP_HANDLER_SERVER_SPECIFIERS = ['@modelcontextprotocol/server', '@modelcontextprotocol/sdk/server/mcp.js'];

export interface ShimSource {
  spec: ShimSpec;
  /** How the shim loads the real module: an ESM specifier (file URL) or a CommonJS one (absolute path). */
  real: string;
  /** For `mcp-handler`: the MCP server module to build recording servers with. */
  server?: string;
  format: 'esm' | 'cjs';
}

/** The shim module's text. Without the recorders installed (not in a worker) it is the real module. */
export function shimSource({ spec, real, server, format }: ShimSource): string {
  const recorders = `globalThis[Symbol.for(${JSON.stringify(RECORDERS_KEY)})]`;
  // Where the real modules are: the worker loads the same library's client and converters from there.
  const hrefs = JSON.stringify({ real, server });
  if (format === 'esm') {
    const lines = [
      `import * as real from ${JSON.stringify(real)};`,
      server ? `import * as server from ${JSON.stringify(server)};` : 'const server = undefined;',
      `export * from ${JSON.stringify(real)};`,
      `const recorders = ${recorders};`,
      `const shim = recorders ? recorders.${spec.recorder}(real, server, ${hrefs}) : real;`,
      ...spec.exports.map((name) => `export const ${name} = shim.${name};`),
    ];
    return lines.join('\n');
  }
  return [
    `const real = require(${JSON.stringify(real)});`,
    server ? `const server = require(${JSON.stringify(server)});` : 'const server = undefined;',
    `const recorders = ${recorders};`,
    `module.exports = recorders ? Object.assign({}, real, recorders.${spec.recorder}(real, server, ${hrefs})) : real;`,
  ].join('\n');
}
