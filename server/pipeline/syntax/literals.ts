/** What the author wrote inline: strings, object literals and their properties, followed through same-file consts. */
import { Node, SyntaxKind, type ObjectLiteralExpression } from 'ts-morph';
import { peel } from './peel';
import { localInitializer } from './scope';

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
export function objectLiteralOf(node: Node | undefined): ObjectLiteralExpression | undefined {
  if (!node) return undefined;
  const n = peel(node);
  if (Node.isObjectLiteralExpression(n)) return n;
  const init = localInitializer(n);
  return init && Node.isObjectLiteralExpression(init) ? init : undefined;
}

/** The property of an object literal by name: its name node and value expression (shorthand: the name). */
export function propertyOf(obj: ObjectLiteralExpression, name: string): { nameNode: Node; value: Node } | undefined {
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
