/**
 * The one import follower: an imported name to the expression it names in its own module, without a
 * type-checking program. Relative imports only; `export const`, `export { a as b }`, re-exports (`export { x }
 * from`, `export * from`) and default exports. Cold program creation costs seconds (zod's and the SDKs'
 * typings); this costs a parse. Anything else (path aliases, packages) is left to the type checker.
 * Discovery and locating both follow imports through here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Node, type SourceFile } from 'ts-morph';
import { WorkspaceProject } from '../project/project';
import { peel } from './peel';

/** Resolves `name` as exported by the module `specifier` names from `sourceFile`: the expression it is bound to. */
export type ImportFollower = (sourceFile: SourceFile, specifier: string, name: string) => Node | undefined;

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const MAX_HOPS = 6;

/** Candidate files for a relative specifier: as written, with `.js` → `.ts`, with an extension, or an index file. */
export function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.(m|c)?jsx?$/, '');
  const candidates = [base, ...EXTENSIONS.map((e) => stem + e), ...EXTENSIONS.map((e) => path.join(base, 'index' + e))];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}

/** `zod`, `zod/v4`, `zod/mini`, `zod3`, `zod-copy`, ...: the specifiers a workspace imports zod by. */
export function isZodSpecifier(specifier: string): boolean {
  return /^zod(\d*|-[\w-]+)?(\/|$)/.test(specifier);
}

/** The import that binds `local` in this file: its module specifier and the name it imports (`default` included). */
export function importedBinding(sourceFile: SourceFile, local: string): { specifier: string; name: string } | undefined {
  for (const decl of sourceFile.getImportDeclarations()) {
    const specifier = decl.getModuleSpecifierValue();
    if (decl.getDefaultImport()?.getText() === local) return { specifier, name: 'default' };
    const named = decl.getNamedImports().find((s) => (s.getAliasNode()?.getText() ?? s.getName()) === local);
    if (named) return { specifier, name: named.getName() };
  }
  return undefined;
}

/** The expression `name` is exported as by the relative module `specifier` (followed through re-exports). */
export const followExport: ImportFollower = (sourceFile, specifier, name) => exportedFrom(sourceFile, specifier, name, 0);

/** The expression an imported identifier names, when its import is relative; undefined to ask the checker. */
export function followImportedName(sourceFile: SourceFile, local: string, follow: ImportFollower = followExport): Node | undefined {
  const binding = importedBinding(sourceFile, local);
  return binding ? follow(sourceFile, binding.specifier, binding.name) : undefined;
}

/** `ns.Name` where `ns` is `import * as ns from './x'`: the expression `Name` is in that file. */
export function followNamespaceMember(sourceFile: SourceFile, namespace: string, member: string): Node | undefined {
  for (const decl of sourceFile.getImportDeclarations()) {
    if (decl.getNamespaceImport()?.getText() !== namespace) continue;
    return exportedFrom(sourceFile, decl.getModuleSpecifierValue(), member, 0);
  }
  return undefined;
}

function exportedFrom(from: SourceFile, specifier: string, name: string, depth: number): Node | undefined {
  if (depth > MAX_HOPS || !specifier.startsWith('.')) return undefined;
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
    const binding = importedBinding(file, localName);
    if (binding) return exportedFrom(file, binding.specifier, binding.name, depth + 1);
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
