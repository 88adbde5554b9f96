/**
 * Which tool libraries a file imports, and under which local names: the basis for recognising a
 * registration by the library that receives it rather than by a method name alone.
 */
import { Node, SyntaxKind, type SourceFile } from 'ts-morph';
import type { ToolSdk } from '../types';

/** A module family that matters to discovery. */
export type ModuleFamily = ToolSdk | 'mcp-handler' | 'zod';

/** What each family exports that discovery cares about. */
export type SdkExport =
  | 'McpServer'
  | 'createMcpHandler'
  | 'FastMCP'
  | 'aiTool'
  | 'agentsTool'
  | 'langchainTool'
  | 'DynamicStructuredTool'
  | 'discriminatedUnion';

export interface SdkBindings {
  /** Families imported at all (value or type imports, ES or require). */
  families: Set<ModuleFamily>;
  /** Local identifier → the export it names. */
  named: Map<string, SdkExport>;
  /** Namespace (or default/require object) local name → its family: `import * as ai from 'ai'`. */
  namespaces: Map<string, ModuleFamily>;
}

export function moduleFamily(specifier: string): ModuleFamily | undefined {
  // SDK 1.x (`@modelcontextprotocol/sdk/...`) and 2.x (`@modelcontextprotocol/server`, its node and express adapters).
  if (specifier.startsWith('@modelcontextprotocol/')) return 'mcp';
  if (specifier === 'mcp-handler' || specifier.startsWith('mcp-handler/') || specifier === '@vercel/mcp-adapter') return 'mcp-handler';
  if (specifier === 'fastmcp' || specifier.startsWith('fastmcp/')) return 'fastmcp';
  if (specifier === 'ai') return 'ai';
  if (specifier.startsWith('@openai/agents')) return 'openai-agents';
  if (specifier.startsWith('@langchain/core/tools') || specifier === 'langchain/tools' || specifier === '@langchain/core') return 'langchain';
  if (/^zod(\d*|-[\w-]+)?(\/|$)/.test(specifier)) return 'zod';
  return undefined;
}

/** The export a family's member name denotes, if discovery cares about it. */
export function exportOf(family: ModuleFamily, name: string): SdkExport | undefined {
  switch (family) {
    case 'mcp':
      return name === 'McpServer' ? 'McpServer' : undefined;
    case 'mcp-handler':
      return name === 'createMcpHandler' ? 'createMcpHandler' : undefined;
    case 'fastmcp':
      return name === 'FastMCP' ? 'FastMCP' : undefined;
    case 'ai':
      return name === 'tool' || name === 'dynamicTool' ? 'aiTool' : undefined;
    case 'openai-agents':
      return name === 'tool' ? 'agentsTool' : undefined;
    case 'langchain':
      return name === 'tool' ? 'langchainTool' : name === 'DynamicStructuredTool' ? 'DynamicStructuredTool' : undefined;
    case 'zod':
      return name === 'discriminatedUnion' ? 'discriminatedUnion' : undefined;
  }
}

export function readSdkBindings(sourceFile: SourceFile): SdkBindings {
  const bindings: SdkBindings = { families: new Set(), named: new Map(), namespaces: new Map() };
  for (const decl of sourceFile.getImportDeclarations()) {
    const family = moduleFamily(decl.getModuleSpecifierValue());
    if (!family) continue;
    bindings.families.add(family);
    const ns = decl.getNamespaceImport();
    if (ns) bindings.namespaces.set(ns.getText(), family);
    const def = decl.getDefaultImport();
    if (def) bindings.namespaces.set(def.getText(), family);
    for (const spec of decl.getNamedImports()) {
      const exported = exportOf(family, spec.getName());
      const local = spec.getAliasNode()?.getText() ?? spec.getName();
      if (exported) bindings.named.set(local, exported);
    }
  }
  readRequires(sourceFile, bindings);
  return bindings;
}

/** CommonJS: `const { McpServer } = require('...')` and `const ai = require('ai')`. */
function readRequires(sourceFile: SourceFile, bindings: SdkBindings): void {
  if (!sourceFile.getFullText().includes('require(')) return;
  for (const statement of sourceFile.getVariableStatements()) {
    for (const decl of statement.getDeclarations()) {
      const init = decl.getInitializer();
      if (!init || !Node.isCallExpression(init) || init.getExpression().getText() !== 'require') continue;
      const arg = init.getArguments()[0];
      if (!arg || !Node.isStringLiteral(arg)) continue;
      const family = moduleFamily(arg.getLiteralValue());
      if (!family) continue;
      bindings.families.add(family);
      const nameNode = decl.getNameNode();
      if (Node.isIdentifier(nameNode)) bindings.namespaces.set(nameNode.getText(), family);
      else if (nameNode.getKind() === SyntaxKind.ObjectBindingPattern) {
        for (const element of nameNode.asKindOrThrow(SyntaxKind.ObjectBindingPattern).getElements()) {
          const imported = element.getPropertyNameNode()?.getText() ?? element.getName();
          const exported = exportOf(family, imported);
          if (exported) bindings.named.set(element.getName(), exported);
        }
      }
    }
  }
}

/** The SDK export a callee expression denotes: `tool`, `ai.tool`, `DynamicStructuredTool`, ... */
export function calleeExport(callee: Node, bindings: SdkBindings): SdkExport | undefined {
  if (Node.isIdentifier(callee)) return bindings.named.get(callee.getText());
  if (Node.isPropertyAccessExpression(callee)) {
    const target = callee.getExpression();
    if (!Node.isIdentifier(target)) return undefined;
    const family = bindings.namespaces.get(target.getText());
    return family ? exportOf(family, callee.getName()) : undefined;
  }
  return undefined;
}
