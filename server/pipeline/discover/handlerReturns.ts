/**
 * What an MCP tool's inline handler returns, as far as the source shows it: the returned object literals that carry
 * no `structuredContent`. A tool with an output schema whose handler returns one fails every such call in the
 * client (`MCP error -32600: Tool x has an output schema but did not return structured content`). A return the
 * source does not show (a call, a variable, a spread) is trusted; so is an error result (`isError: true`).
 */
import { Node, SyntaxKind } from 'ts-morph';
import type { Range } from '../syntax/places';
import { peel, propertyOf, rangeOf } from '../syntax';

/** Returns of `handler` (an inline arrow or function expression) whose object literal has no `structuredContent`. */
export function unstructuredReturns(handler: Node | undefined): Range[] {
  const fn = handler && peel(handler);
  if (!fn || !(Node.isArrowFunction(fn) || Node.isFunctionExpression(fn))) return [];
  const body = fn.getBody();
  const returned: Node[] = [];
  if (Node.isBlock(body)) {
    for (const statement of body.getDescendantsOfKind(SyntaxKind.ReturnStatement)) {
      // Only this function's own returns, not those of a callback inside it.
      if (
        statement.getFirstAncestor(
          (a) => Node.isArrowFunction(a) || Node.isFunctionExpression(a) || Node.isFunctionDeclaration(a) || Node.isMethodDeclaration(a),
        ) !== fn
      )
        continue;
      const value = statement.getExpression();
      if (value) returned.push(value);
    }
  } else if (body) returned.push(body);
  return returned.flatMap((value) => (lacksStructuredContent(value) ? [rangeOf(peel(value))] : []));
}

function lacksStructuredContent(value: Node): boolean {
  let node = peel(value);
  if (Node.isAwaitExpression(node)) node = peel(node.getExpression());
  if (!Node.isObjectLiteralExpression(node)) return false;
  if (node.getProperties().some((p) => Node.isSpreadAssignment(p))) return false;
  if (propertyOf(node, 'structuredContent')) return false;
  const isError = propertyOf(node, 'isError')?.value;
  return !(isError && isError.getKind() === SyntaxKind.TrueKeyword);
}
