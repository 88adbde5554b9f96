/**
 * The schema expression at a creation site the worker recorded (evaluate/worker/recorders/creationSites.ts): the call that
 * built the schema, `z.object({...})` or `base.extend({...})`, found from the point V8 reports for it (the
 * callee's name for a method call, the callee for a plain call, `new` for a construction); or, for an object a
 * package built from a raw shape, the literal that holds the shape's members under their keys.
 */
import { Node, type ObjectLiteralExpression, type SourceFile } from 'ts-morph';
import type { InputSite } from '../evaluate/contract';
import { offsetOf, propertyName, transparentParent } from '../syntax';
import { formOf } from './schemaForm';
import { findKey } from './shapeKeys';

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
 * The expressions a tool's input may be followed from, best first. For members: each object literal that declares
 * some of them under their own keys (a member created elsewhere, `kind: Kind`, names none), as the schema it
 * builds (`z.object({...}).extend(Other.shape)`, whose keys are more than the literal's) and as the literal
 * itself; the one declaring the most of the shape's keys first (`Other`'s literal lends only its own).
 */
export function createdRoots(site: InputSite, sourceFile: (file: string) => SourceFile | undefined): Node[] {
  if (site.call) {
    const file = sourceFile(site.call.file);
    const call = file && schemaCallAt(file, site.call.line, site.call.character);
    return call ? [call] : [];
  }
  const literals = new Set<ObjectLiteralExpression>();
  for (const member of site.members ?? []) {
    const file = sourceFile(member.file);
    const call = file && schemaCallAt(file, member.line, member.character);
    const literal = call && literalHolding(call, member.key);
    if (literal) literals.add(literal);
  }
  const keys = site.keys ?? (site.members ?? []).map((m) => m.key);
  const ranked = [...literals].map((literal, order) => {
    const built = schemaBuiltFrom(literal);
    return { roots: built ? [built, literal] : [literal], declared: declaredKeys(built ?? literal, keys), order };
  });
  ranked.sort((a, b) => b.declared - a.declared || a.order - b.order);
  return ranked.flatMap((r) => r.roots);
}

/** How many of `keys` the object schema `root` declares, as far as the source says. */
function declaredKeys(root: Node, keys: readonly string[]): number {
  const form = formOf(root);
  if (form.kind !== 'object') return 0;
  return keys.filter((key) => findKey(form.shapes, key).found).length;
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
