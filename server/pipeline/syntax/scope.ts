/**
 * Purely syntactic name lookup: discovery must stay fast on thousands of files, so it never asks
 * the type checker. This finds the declaration an identifier most likely refers to by walking
 * the enclosing scopes; good enough to see `new McpServer()` or `server: McpServer`.
 */
import { Node, type Expression, type ParameterDeclaration, type VariableDeclaration } from 'ts-morph';
import { peel } from './peel';

/** The variable or parameter declaring `name` as seen from `from`, searching enclosing scopes outward. */
export function localDeclaration(from: Node, name: string): VariableDeclaration | ParameterDeclaration | undefined {
  for (let scope: Node | undefined = from.getParent(); scope; scope = scope.getParent()) {
    if (Node.isFunctionLikeDeclaration(scope) || Node.isArrowFunction(scope) || Node.isFunctionExpression(scope)) {
      const param = scope.getParameters().find((p) => p.getName() === name);
      if (param) return param;
    }
    if (Node.isBlock(scope) || Node.isSourceFile(scope) || Node.isModuleBlock(scope)) {
      const found = variableIn(scope.getStatements(), name);
      if (found) return found;
    }
  }
  return undefined;
}

function variableIn(statements: Node[], name: string): VariableDeclaration | undefined {
  for (const statement of statements) {
    if (!Node.isVariableStatement(statement)) continue;
    for (const decl of statement.getDeclarations()) if (decl.getName() === name) return decl;
  }
  return undefined;
}

/** The initializer of a same-file `const` an identifier names, peeled; undefined when not that simple. */
export function localInitializer(identifier: Node): Expression | undefined {
  if (!Node.isIdentifier(identifier)) return undefined;
  const decl = localDeclaration(identifier, identifier.getText());
  if (!decl || !Node.isVariableDeclaration(decl)) return undefined;
  const init = decl.getInitializer();
  return init ? (peel(init) as Expression) : undefined;
}
