/**
 * Where a schema const is used, cheaply: same-file identifiers and relative imports in the files the
 * project already holds, read syntactically; the language service (which builds a type-checking
 * program, seconds when cold) only when that finds nothing.
 */
import * as path from 'node:path';
import { Node, SyntaxKind, type Identifier, type VariableDeclaration } from 'ts-morph';
import { localDeclaration, resolveRelative } from '../syntax';

/** Identifiers (other than the declaration's own name) that refer to a top-level or local const. */
export function referencesOf(decl: VariableDeclaration): Identifier[] {
  const nameNode = decl.getNameNode();
  if (!Node.isIdentifier(nameNode)) return [];
  const name = nameNode.getText();
  const home = decl.getSourceFile();
  const refs = home
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .filter((id) => id !== nameNode && id.getText() === name && localDeclaration(id, name) === decl && !isPropertyName(id));
  if (decl.getVariableStatement()?.hasExportKeyword()) {
    const homePath = path.normalize(home.getFilePath());
    for (const file of home.getProject().getSourceFiles()) {
      if (file === home || file.isDeclarationFile()) continue;
      for (const imp of file.getImportDeclarations()) {
        const specifier = imp.getModuleSpecifierValue();
        if (!specifier.startsWith('.')) continue;
        const spec = imp.getNamedImports().find((s) => s.getName() === name);
        if (!spec) continue;
        const target = resolveRelative(file.getFilePath(), specifier);
        if (!target || path.normalize(target) !== homePath) continue;
        const local = spec.getAliasNode()?.getText() ?? name;
        for (const id of file.getDescendantsOfKind(SyntaxKind.Identifier)) {
          if (id.getText() === local && !id.getFirstAncestorByKind(SyntaxKind.ImportDeclaration) && !isPropertyName(id)) refs.push(id);
        }
      }
    }
  }
  if (refs.length > 0) return refs;
  try {
    return nameNode.findReferencesAsNodes().filter((n): n is Identifier => Node.isIdentifier(n) && n !== nameNode);
  } catch {
    return [];
  }
}

function isPropertyName(id: Identifier): boolean {
  const parent = id.getParent();
  return (
    (!!parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) ||
    (!!parent && Node.isPropertyAssignment(parent) && parent.getNameNode() === id)
  );
}
