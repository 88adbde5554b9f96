/**
 * Schema declarations that are tool schemas without a registration: exported schemas holding a
 * discriminated union (kind 'exported') and declarations tagged `@toolSchema` (kind 'tagged').
 */
import { Node, SyntaxKind, ts, type SourceFile, type VariableDeclaration } from 'ts-morph';
import type { DiscoveredSite } from './contract';
import type { Range } from '../syntax/places';
import { peel, rangeOf, type ImportFollower } from '../syntax';

export function findDeclarations(sourceFile: SourceFile, registrations: DiscoveredSite[], follow?: ImportFollower): DiscoveredSite[] {
  const exportNames = exportedLocalNames(sourceFile);
  const sites: DiscoveredSite[] = [];
  const holdsDu = new DuScanner(sourceFile, follow);
  // Most zod files hold no union at all: skip the per-export scan unless one could be here or imported.
  const mayHoldDu =
    sourceFile.getFullText().includes('discriminatedUnion') ||
    (follow !== undefined && sourceFile.getImportDeclarations().some((d) => d.getModuleSpecifierValue().startsWith('.')));
  for (const statement of sourceFile.getVariableStatements()) {
    const tagged = statement.getJsDocs().some((doc) => doc.getTags().some((tag) => tag.getTagName() === 'toolSchema'));
    // Syntactic on purpose: isExported()/isDefaultExport() would build a type-checking program.
    const exportedHere = statement.hasExportKeyword();
    const decls = statement.getDeclarations();
    for (const decl of decls) {
      const init = decl.getInitializer();
      const nameNode = decl.getNameNode();
      if (!init || !Node.isIdentifier(nameNode)) continue;
      const name = nameNode.getText();
      const exportName = exportedHere ? name : exportNames.get(name);
      const range = rangeOf(decls.length === 1 ? statement : decl);
      if (tagged) {
        sites.push(declarationSite('tagged', name, exportName, range, nameNode, init));
      } else if (mayHoldDu && exportName !== undefined && !containsRegistration(init, registrations) && holdsDu.expression(init)) {
        sites.push(declarationSite('exported', name, exportName, range, nameNode, init));
      }
    }
  }
  for (const assignment of sourceFile.getExportAssignments()) {
    const expr = assignment.getExpression();
    if (assignment.isExportEquals() || Node.isIdentifier(peel(expr))) continue; // `export default name` is covered above
    if (mayHoldDu && !containsRegistration(expr, registrations) && holdsDu.expression(expr)) {
      sites.push(declarationSite('exported', 'default', 'default', rangeOf(assignment), undefined, expr));
    }
  }
  return sites;
}

function declarationSite(
  kind: 'exported' | 'tagged',
  name: string,
  exportName: string | undefined,
  range: Range,
  nameNode: Node | undefined,
  init: Node,
): DiscoveredSite {
  return { kind, name, exportName, range, nameRange: nameNode ? rangeOf(nameNode) : undefined, schemaRange: rangeOf(peel(init)) };
}

/** Local names exported by `export { a, b as c }` and `export default a`, mapped to their export names. */
function exportedLocalNames(sourceFile: SourceFile): Map<string, string> {
  const names = new Map<string, string>();
  for (const decl of sourceFile.getExportDeclarations()) {
    if (decl.getModuleSpecifier()) continue;
    for (const spec of decl.getNamedExports()) names.set(spec.getName(), spec.getAliasNode()?.getText() ?? spec.getName());
  }
  for (const assignment of sourceFile.getExportAssignments()) {
    const expr = peel(assignment.getExpression());
    if (!assignment.isExportEquals() && Node.isIdentifier(expr)) names.set(expr.getText(), 'default');
  }
  return names;
}

function containsRegistration(node: Node, registrations: DiscoveredSite[]): boolean {
  const { start, end } = rangeOf(node);
  return registrations.some((r) => comparePos(r.range.start, start) >= 0 && comparePos(r.range.end, end) <= 0);
}

function comparePos(a: { line: number; character: number }, b: { line: number; character: number }): number {
  return a.line - b.line || a.character - b.character;
}

/** Does an expression build a discriminated union, directly or through same-file (or cheaply followed) names? */
class DuScanner {
  private readonly memo = new Map<string, boolean>();
  private readonly topLevel = new Map<string, VariableDeclaration>();
  private readonly imports = new Map<string, { specifier: string; name: string }>();

  constructor(
    private readonly sourceFile: SourceFile,
    private readonly follow: ImportFollower | undefined,
  ) {
    for (const statement of sourceFile.getVariableStatements()) {
      for (const decl of statement.getDeclarations()) this.topLevel.set(decl.getName(), decl);
    }
    for (const decl of sourceFile.getImportDeclarations()) {
      const specifier = decl.getModuleSpecifierValue();
      if (!specifier.startsWith('.')) continue;
      for (const spec of decl.getNamedImports()) {
        this.imports.set(spec.getAliasNode()?.getText() ?? spec.getName(), { specifier, name: spec.getName() });
      }
    }
  }

  expression(node: Node, depth = 0): boolean {
    if (depth > 8) return false;
    if (callsDiscriminatedUnion(node)) return true;
    for (const name of namesInValuePosition(node.compilerNode)) {
      if (!this.topLevel.has(name) && !this.imports.has(name)) continue;
      if (this.name(name, depth)) return true;
    }
    return false;
  }

  private name(name: string, depth: number): boolean {
    const cached = this.memo.get(name);
    if (cached !== undefined) return cached;
    this.memo.set(name, false); // cycles end here
    let result = false;
    const decl = this.topLevel.get(name);
    const init = decl?.getInitializer();
    if (init) result = this.expression(init, depth + 1);
    else {
      const imported = this.imports.get(name);
      const foreign = imported && this.follow?.(this.sourceFile, imported.specifier, imported.name);
      if (foreign) result = callsDiscriminatedUnion(foreign) || foreignHoldsDu(foreign);
    }
    this.memo.set(name, result);
    return result;
  }
}

/**
 * The identifiers below `root` (not `root` itself) in value position (not property names, not `z.foo` members), in source order. Read on
 * TypeScript's own nodes: wrapping every identifier of an exported tool list in ts-morph's nodes was most of discovery.
 */
function namesInValuePosition(root: ts.Node): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const parent = node.parent as ts.Node | undefined;
      const member = parent !== undefined && (ts.isPropertyAccessExpression(parent) || ts.isPropertyAssignment(parent)) && parent.name === node;
      if (!member) names.push(ts.idText(node));
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(root, visit);
  return names;
}

function callsDiscriminatedUnion(node: Node): boolean {
  const text = node.getText();
  if (!text.includes('discriminatedUnion')) return false;
  return node
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .concat(Node.isCallExpression(node) ? [node] : [])
    .some((call) => {
      const callee = call.getExpression();
      return (
        (Node.isPropertyAccessExpression(callee) && callee.getName() === 'discriminatedUnion') ||
        (Node.isIdentifier(callee) && callee.getText() === 'discriminatedUnion')
      );
    });
}

/** One more hop in the other file, same rules (no further imports: cheap by construction). */
function foreignHoldsDu(init: Node): boolean {
  return new DuScanner(init.getSourceFile(), undefined).expression(init, 4);
}
