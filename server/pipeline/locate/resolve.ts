/**
 * Identifier → the expression it stands for in the user's source, across files.
 * Same-file consts and relative imports are followed syntactically (no program needed); anything
 * else (path aliases, namespace members) goes through the type checker's symbol, following import
 * aliases and re-exports to the declaration.
 */
import { Node, type Identifier, type PropertyAccessExpression } from 'ts-morph';
import { followImportedName, followNamespaceMember, localDeclaration, peel } from '../syntax';

/** The initializer an identifier names (peeled), or undefined when it is a parameter, a library value or unknown. */
export function resolveIdentifier(id: Identifier): Node | undefined {
  const local = localDeclaration(id, id.getText());
  if (local) {
    if (!Node.isVariableDeclaration(local)) return undefined;
    const init = local.getInitializer();
    return init ? peel(init) : undefined;
  }
  const imported = followImportedName(id.getSourceFile(), id.getText());
  if (imported) return imported;
  let symbol;
  try {
    symbol = id.getSymbol();
    if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
  } catch {
    return undefined; // a half-typed file mid-edit must never break locating
  }
  const decl = symbol?.getValueDeclaration() ?? symbol?.getDeclarations()[0];
  if (!decl || isLibrary(decl)) return undefined;
  if (Node.isVariableDeclaration(decl)) {
    const init = decl.getInitializer();
    return init ? peel(init) : undefined;
  }
  if (Node.isExportAssignment(decl)) return peel(decl.getExpression());
  if (Node.isShorthandPropertyAssignment(decl) || Node.isPropertyAssignment(decl)) {
    const init = Node.isPropertyAssignment(decl) ? decl.getInitializer() : undefined;
    return init ? peel(init) : undefined;
  }
  return undefined;
}

/** `ns.Name` (a namespace import's member, or a const object's property): the expression it names. */
export function resolveMember(access: PropertyAccessExpression): Node | undefined {
  const target = access.getExpression();
  if (Node.isIdentifier(target)) {
    const viaNamespace = followNamespaceMember(access.getSourceFile(), target.getText(), access.getName());
    if (viaNamespace) return viaNamespace;
  }
  try {
    const symbol = access.getNameNode().getSymbol();
    const decl = symbol?.getValueDeclaration() ?? symbol?.getDeclarations()[0];
    if (!decl || isLibrary(decl)) return undefined;
    if (Node.isVariableDeclaration(decl) || Node.isPropertyAssignment(decl)) {
      const init = decl.getInitializer();
      return init ? peel(init) : undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Declarations in .d.ts files or node_modules are not the user's source: never land there. */
export function isLibrary(node: Node): boolean {
  const sf = node.getSourceFile();
  return sf.isDeclarationFile() || sf.getFilePath().includes('/node_modules/');
}

/** Follow identifiers (a bounded number of hops) to the expression finally written. */
export function resolveChain(node: Node, hops = 8): Node {
  let current = peel(node);
  for (let i = 0; i < hops && Node.isIdentifier(current); i++) {
    const next = resolveIdentifier(current);
    if (!next || next === current) break;
    current = next;
  }
  return current;
}
