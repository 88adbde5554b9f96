/**
 * Following an imported name to its declaration without a type-checking program: relative imports,
 * `export const`, `export { a as b }`, re-exports (`export { x } from`, `export * from`) and default
 * exports. Cold program creation costs seconds (zod's and the SDKs' typings); this costs a parse.
 * Anything else (path aliases, packages) is left to the type checker.
 */
import { Node, type SourceFile } from 'ts-morph';
import { resolveRelative } from '../discover/resolveImport';
import { peel } from '../discover/scope';
import { WorkspaceProject } from '../project';

/** The expression an imported identifier names, when its import is relative; undefined to ask the checker. */
export function followImportedName(sourceFile: SourceFile, local: string): Node | undefined {
  for (const decl of sourceFile.getImportDeclarations()) {
    const specifier = decl.getModuleSpecifierValue();
    const defaultImport = decl.getDefaultImport();
    if (defaultImport?.getText() === local) return specifier.startsWith('.') ? exportedFrom(sourceFile, specifier, 'default', 0) : undefined;
    const named = decl.getNamedImports().find((s) => (s.getAliasNode()?.getText() ?? s.getName()) === local);
    if (named) return specifier.startsWith('.') ? exportedFrom(sourceFile, specifier, named.getName(), 0) : undefined;
  }
  return undefined;
}

/** `ns.Name` where `ns` is `import * as ns from './x'`: the expression `Name` is in that file. */
export function followNamespaceMember(sourceFile: SourceFile, namespace: string, member: string): Node | undefined {
  for (const decl of sourceFile.getImportDeclarations()) {
    if (decl.getNamespaceImport()?.getText() !== namespace) continue;
    const specifier = decl.getModuleSpecifierValue();
    return specifier.startsWith('.') ? exportedFrom(sourceFile, specifier, member, 0) : undefined;
  }
  return undefined;
}

function exportedFrom(from: SourceFile, specifier: string, name: string, depth: number): Node | undefined {
  if (depth > 6) return undefined;
  const target = resolveRelative(from.getFilePath(), specifier);
  if (!target) return undefined;
  const owner = WorkspaceProject.of(from.getProject());
  const file = owner ? owner.sourceFile(target) : from.getProject().addSourceFileAtPathIfExists(target);
  return file ? exportedName(file, name, depth) : undefined;
}

function exportedName(file: SourceFile, name: string, depth: number): Node | undefined {
  const localName = localNameOfExport(file, name);
  if (localName) {
    const init = topLevelInitializer(file, localName);
    if (init) return init;
    const reimported = followImportedName(file, localName);
    if (reimported) return reimported;
  }
  if (name === 'default') {
    const assignment = file.getExportAssignments().find((a) => !a.isExportEquals());
    if (assignment && !Node.isIdentifier(peel(assignment.getExpression()))) return peel(assignment.getExpression());
  }
  for (const decl of file.getExportDeclarations()) {
    const specifier = decl.getModuleSpecifierValue();
    if (!specifier?.startsWith('.')) continue;
    const named = decl.getNamedExports();
    if (named.length === 0 && !decl.getNamespaceExport()) {
      const found = exportedFrom(file, specifier, name, depth + 1);
      if (found) return found;
      continue;
    }
    const spec = named.find((s) => (s.getAliasNode()?.getText() ?? s.getName()) === name);
    if (spec) return exportedFrom(file, specifier, spec.getName(), depth + 1);
  }
  return undefined;
}

/** The local binding an export name refers to in this file (`export const x`, `export { y as x }`, `export default y`). */
function localNameOfExport(file: SourceFile, name: string): string | undefined {
  for (const statement of file.getVariableStatements()) {
    if (statement.hasExportKeyword() && statement.getDeclarations().some((d) => d.getName() === name)) return name;
  }
  for (const decl of file.getExportDeclarations()) {
    if (decl.getModuleSpecifier()) continue;
    const spec = decl.getNamedExports().find((s) => (s.getAliasNode()?.getText() ?? s.getName()) === name);
    if (spec) return spec.getName();
  }
  if (name === 'default') {
    const assignment = file.getExportAssignments().find((a) => !a.isExportEquals());
    const expr = assignment && peel(assignment.getExpression());
    if (expr && Node.isIdentifier(expr)) return expr.getText();
  }
  return undefined;
}

function topLevelInitializer(file: SourceFile, name: string): Node | undefined {
  for (const statement of file.getVariableStatements()) {
    for (const decl of statement.getDeclarations()) {
      if (decl.getName() !== name) continue;
      const init = decl.getInitializer();
      return init ? peel(init) : undefined;
    }
  }
  return undefined;
}
