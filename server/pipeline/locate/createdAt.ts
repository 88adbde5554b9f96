/**
 * The schema expression at a creation site the worker recorded (evaluate/creationSites.ts): the call that
 * built the schema, `z.object({...})` or `base.extend({...})`, found from the point V8 reports for it (the
 * callee's name for a method call, the callee for a plain call, `new` for a construction); or, for an object a
 * package built from a raw shape, the literal that holds the shape's members under their keys.
 */
import { Node, type ObjectLiteralExpression, type SourceFile } from 'ts-morph';
import type { InputSite } from '../types';
import { offsetOf, propertyName, transparentParent } from '../syntax';
import { formOf } from './schemaForm';

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

/**
 * The expressions a tool's input may be followed from, best first. For members: the literal that declares the
 * most of them under their own keys (a member created elsewhere, `kind: Kind`, places nothing), as the schema
 * that literal builds (`z.object({...}).extend(Other.shape)`, whose keys are more than the literal's) and as the
 * literal itself.
 */
export function createdRoots(site: InputSite, sourceFile: (file: string) => SourceFile | undefined): Node[] {
  if (site.call) {
    const file = sourceFile(site.call.file);
    const call = file && schemaCallAt(file, site.call.line, site.call.character);
    return call ? [call] : [];
  }
  const votes = new Map<ObjectLiteralExpression, Set<string>>();
  for (const member of site.members ?? []) {
    const file = sourceFile(member.file);
    const call = file && schemaCallAt(file, member.line, member.character);
    const literal = call && literalHolding(call, member.key);
    if (!literal) continue;
    let keys = votes.get(literal);
    if (!keys) votes.set(literal, (keys = new Set()));
    keys.add(member.key);
  }
  let best: ObjectLiteralExpression | undefined;
  for (const [literal, keys] of votes) if (!best || keys.size > votes.get(best)!.size) best = literal;
  if (!best) return [];
  const built = schemaBuiltFrom(best);
  return built ? [built, best] : [best];
}

/** The object literal in which `member` is the value of property `key`. */
function literalHolding(member: Node, key: string): ObjectLiteralExpression | undefined {
  const property = transparentParent(member);
  if (!property || !Node.isPropertyAssignment(property) || propertyName(property.getNameNode()) !== key) return undefined;
  const literal = property.getParent();
  return Node.isObjectLiteralExpression(literal) ? literal : undefined;
}

/** `z.object(literal)` and the method chain on it (`.strict()`, `.extend(...)`), when that is an object schema. */
function schemaBuiltFrom(literal: ObjectLiteralExpression): Node | undefined {
  const call = transparentParent(literal);
  if (!call || !Node.isCallExpression(call) || !call.getArguments().includes(literal)) return undefined;
  let top: Node = call;
  for (;;) {
    const access = transparentParent(top);
    const next = access && Node.isPropertyAccessExpression(access) ? transparentParent(access) : undefined;
    if (!next || !Node.isCallExpression(next) || next.getExpression() !== access) break;
    top = next;
  }
  return formOf(top).kind === 'object' ? top : undefined;
}
