/**
 * Which tool libraries a file imports, and under which local names: the basis for recognising a
 * registration by the library that receives it rather than by a method name alone. What each library
 * exports that matters is its descriptor's data (`../sdks`); this file only reads the imports.
 */
import { Node, SyntaxKind, type SourceFile } from 'ts-morph';
import { isZodSpecifier } from '../syntax';
import { exportOf, toolLibraryOf, type DiscoveredExport, type ToolLibrary, type ToolSdk } from '../sdks';

/** An export discovery recognises, and the library it comes from. */
export interface BoundExport {
  library: ToolLibrary<ToolSdk>;
  export: DiscoveredExport;
}

export interface SdkBindings {
  /** Tool libraries imported at all (value or type imports, ES or require). */
  libraries: Set<ToolLibrary<ToolSdk>>;
  /** Whether any zod module is imported. */
  importsZod: boolean;
  /** Local identifier → the export it names. */
  named: Map<string, BoundExport>;
  /** Namespace (or default/require object) local name → its library: `import * as ai from 'ai'`. */
  namespaces: Map<string, ToolLibrary<ToolSdk>>;
}

function bindName(bindings: SdkBindings, library: ToolLibrary<ToolSdk>, local: string, imported: string): void {
  const exported = exportOf(library, imported);
  if (exported) bindings.named.set(local, { library, export: exported });
}

export function readSdkBindings(sourceFile: SourceFile): SdkBindings {
  const bindings: SdkBindings = { libraries: new Set(), importsZod: false, named: new Map(), namespaces: new Map() };
  for (const decl of sourceFile.getImportDeclarations()) {
    const specifier = decl.getModuleSpecifierValue();
    const library = toolLibraryOf(specifier);
    if (!library) {
      if (isZodSpecifier(specifier)) bindings.importsZod = true;
      continue;
    }
    bindings.libraries.add(library);
    const ns = decl.getNamespaceImport();
    if (ns) bindings.namespaces.set(ns.getText(), library);
    const def = decl.getDefaultImport();
    if (def) bindings.namespaces.set(def.getText(), library);
    for (const spec of decl.getNamedImports()) bindName(bindings, library, spec.getAliasNode()?.getText() ?? spec.getName(), spec.getName());
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
      const library = toolLibraryOf(arg.getLiteralValue());
      if (!library) {
        if (isZodSpecifier(arg.getLiteralValue())) bindings.importsZod = true;
        continue;
      }
      bindings.libraries.add(library);
      const nameNode = decl.getNameNode();
      if (Node.isIdentifier(nameNode)) bindings.namespaces.set(nameNode.getText(), library);
      else if (nameNode.getKind() === SyntaxKind.ObjectBindingPattern) {
        for (const element of nameNode.asKindOrThrow(SyntaxKind.ObjectBindingPattern).getElements()) {
          bindName(bindings, library, element.getName(), element.getPropertyNameNode()?.getText() ?? element.getName());
        }
      }
    }
  }
}

/** The library export a callee expression denotes: `tool`, `ai.tool`, `DynamicStructuredTool`, ... */
export function calleeExport(callee: Node, bindings: SdkBindings): BoundExport | undefined {
  if (Node.isIdentifier(callee)) return bindings.named.get(callee.getText());
  if (Node.isPropertyAccessExpression(callee)) {
    const target = callee.getExpression();
    if (!Node.isIdentifier(target)) return undefined;
    const library = bindings.namespaces.get(target.getText());
    const exported = library && exportOf(library, callee.getName());
    return library && exported ? { library, export: exported } : undefined;
  }
  return undefined;
}
