/**
 * Purely syntactic name lookup: discovery must stay fast on thousands of files, so it never asks
 * the type checker. This finds the declaration an identifier most likely refers to by walking
 * the enclosing scopes; good enough to see `new McpServer()` or `server: McpServer`.
 */
import { Node, SyntaxKind, type Expression, type ParameterDeclaration, type VariableDeclaration } from 'ts-morph';

/** Look through parentheses, `as`, `satisfies`, `!` and `<T>x`: they do not change which schema an expression is. */
export function peel(node: Node): Node {
  let current = node;
  for (;;) {
    if (
      Node.isParenthesizedExpression(current) ||
      Node.isAsExpression(current) ||
      Node.isSatisfiesExpression(current) ||
      Node.isNonNullExpression(current) ||
      Node.isTypeAssertion(current)
    ) {
      current = current.getExpression();
    } else {
      return current;
    }
  }
}

/** The parent, looking through the same transparent wrappers that `peel` removes. */
export function transparentParent(node: Node): Node | undefined {
  let parent = node.getParent();
  while (
    parent &&
    (Node.isParenthesizedExpression(parent) ||
      Node.isAsExpression(parent) ||
      Node.isSatisfiesExpression(parent) ||
      Node.isNonNullExpression(parent) ||
      Node.isTypeAssertion(parent))
  ) {
    parent = parent.getParent();
  }
  return parent;
}

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

/** A string the author wrote inline: a literal, a template, a concatenation, or a const holding one. */
export function isStringish(node: Node, depth = 0): boolean {
  const n = peel(node);
  switch (n.getKind()) {
    case SyntaxKind.StringLiteral:
    case SyntaxKind.NoSubstitutionTemplateLiteral:
    case SyntaxKind.TemplateExpression:
    case SyntaxKind.TaggedTemplateExpression:
      return true;
    case SyntaxKind.BinaryExpression: {
      const bin = n.asKindOrThrow(SyntaxKind.BinaryExpression);
      return bin.getOperatorToken().getKind() === SyntaxKind.PlusToken && (isStringish(bin.getLeft(), depth + 1) || isStringish(bin.getRight(), depth + 1));
    }
    case SyntaxKind.Identifier: {
      if (depth > 3) return false;
      const init = localInitializer(n);
      return init ? isStringish(init, depth + 1) : false;
    }
    default:
      return false;
  }
}

/** The value of a string literal (or a const holding one), else undefined. */
export function stringValue(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  const n = peel(node);
  if (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n)) return n.getLiteralValue();
  if (Node.isIdentifier(n)) {
    const init = localInitializer(n);
    return init && init !== n ? stringValue(init) : undefined;
  }
  return undefined;
}

/** The object literal an expression is, directly or through a same-file const. */
export function objectLiteralOf(node: Node | undefined): import('ts-morph').ObjectLiteralExpression | undefined {
  if (!node) return undefined;
  const n = peel(node);
  if (Node.isObjectLiteralExpression(n)) return n;
  const init = localInitializer(n);
  return init && Node.isObjectLiteralExpression(init) ? init : undefined;
}

/** The property of an object literal by name: its name node and value expression (shorthand: the name). */
export function propertyOf(obj: import('ts-morph').ObjectLiteralExpression, name: string): { nameNode: Node; value: Node } | undefined {
  for (const prop of obj.getProperties()) {
    if (Node.isPropertyAssignment(prop) && propertyName(prop.getNameNode()) === name) {
      return { nameNode: prop.getNameNode(), value: prop.getInitializerOrThrow() };
    }
    if (Node.isShorthandPropertyAssignment(prop) && prop.getName() === name) {
      return { nameNode: prop.getNameNode(), value: prop.getNameNode() };
    }
  }
  return undefined;
}

/** The text of a property name: identifier, string or numeric literal; undefined when computed. */
export function propertyName(nameNode: Node): string | undefined {
  if (Node.isIdentifier(nameNode) || Node.isPrivateIdentifier(nameNode)) return nameNode.getText();
  if (Node.isStringLiteral(nameNode) || Node.isNoSubstitutionTemplateLiteral(nameNode)) return nameNode.getLiteralValue();
  if (Node.isNumericLiteral(nameNode)) return String(nameNode.getLiteralValue());
  if (Node.isComputedPropertyName(nameNode)) return stringValue(nameNode.getExpression());
  return undefined;
}
