/**
 * The schema expression at a creation site the worker recorded (evaluate/creationSites.ts): the call that
 * built the schema, `z.object({...})` or `base.extend({...})`, found from the point V8 reports for it (the
 * callee's name for a method call, the callee for a plain call, `new` for a construction).
 */
import { Node, type SourceFile } from 'ts-morph';
import { offsetOf } from '../syntax/ranges';

export function schemaCallAt(sourceFile: SourceFile, line: number, character: number): Node | undefined {
  const offset = offsetOf(sourceFile, line, character);
  let node: Node | undefined = sourceFile.getDescendantAtPos(offset);
  for (let depth = 0; node && depth < 6; depth++, node = node.getParent()) {
    if (!Node.isCallExpression(node) && !Node.isNewExpression(node)) continue;
    if (node.getStart() === offset) return node;
    const callee = node.getExpression();
    const name = Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee;
    if (name.getStart() === offset) return node;
  }
  return undefined;
}

/** The object literal (a raw shape) holding the member schema created at this point. */
export function shapeLiteralAt(sourceFile: SourceFile, line: number, character: number): Node | undefined {
  const member = schemaCallAt(sourceFile, line, character);
  const literal = member?.getFirstAncestor((a) => Node.isObjectLiteralExpression(a));
  return literal;
}
