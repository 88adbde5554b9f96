/** Expressions that do not change which value they stand for: `(x)`, `x as T`, `x satisfies T`, `x!`, `<T>x`. */
import { Node } from 'ts-morph';

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
