/**
 * Finding a key's declaration in an object's shapes: shape literals, spreads (`...base.shape`,
 * `...sharedShape`), shorthand properties, and the shapes of extended / merged bases.
 */
import { Node } from 'ts-morph';
import { peel, propertyName } from '../syntax';
import { resolveIdentifier } from './resolve';
import { formOf } from './schemaForm';

export interface KeyDeclaration {
  /** The property name node (the rename target). */
  nameNode: Node;
  /** The whole property (`key: value`). */
  property: Node;
  /** The value expression (for a shorthand property: its name, which names the value). */
  value: Node;
}

export interface KeyLookup {
  found?: KeyDeclaration;
  /** A shape that could not be read statically (a function call, a parameter): the key may hide there. */
  opaque?: Node;
}

/** Look a key up in shapes given in lookup order (the first declaration found wins). */
export function findKey(shapes: Node[], key: string, depth = 0): KeyLookup {
  let opaque: Node | undefined;
  for (const shape of shapes) {
    const result = findKeyInShape(shape, key, depth);
    if (result.found) return result;
    opaque ??= result.opaque;
  }
  return { opaque };
}

function findKeyInShape(shapeExpr: Node, key: string, depth: number): KeyLookup {
  if (depth > 16) return { opaque: shapeExpr };
  let shape = peel(shapeExpr);
  if (Node.isIdentifier(shape)) {
    const resolved = resolveIdentifier(shape);
    if (!resolved) return { opaque: shape };
    shape = resolved;
  }
  if (!Node.isObjectLiteralExpression(shape)) {
    // `base.shape`, or a schema given where its shape goes (`.merge(other)`, `.extend(base)` bases).
    const form = formOf(shape, depth + 1);
    return form.kind === 'object' && !form.shapes.includes(shape) ? findKey(form.shapes, key, depth + 1) : { opaque: shape };
  }
  const properties = shape.getProperties();
  let opaque: Node | undefined;
  // Later properties override earlier ones (spreads included), so read from the end.
  for (let i = properties.length - 1; i >= 0; i--) {
    const prop = properties[i];
    if (Node.isPropertyAssignment(prop) && propertyName(prop.getNameNode()) === key) {
      return { found: { nameNode: prop.getNameNode(), property: prop, value: prop.getInitializerOrThrow() } };
    }
    if (Node.isShorthandPropertyAssignment(prop) && prop.getName() === key) {
      return { found: { nameNode: prop.getNameNode(), property: prop, value: prop.getNameNode() } };
    }
    if (Node.isSpreadAssignment(prop)) {
      const inner = findKeyInShape(prop.getExpression(), key, depth + 1);
      if (inner.found) return inner;
      opaque ??= inner.opaque;
    }
  }
  return { opaque };
}

/** Every key an object's shapes declare, with its declaration (for hover and rename de-duplication). */
export function keysOf(shapes: Node[], depth = 0): Map<string, KeyDeclaration> {
  const keys = new Map<string, KeyDeclaration>();
  for (let i = shapes.length - 1; i >= 0; i--) collectKeys(shapes[i], keys, depth);
  return keys;
}

function collectKeys(shapeExpr: Node, keys: Map<string, KeyDeclaration>, depth: number): void {
  if (depth > 16) return;
  let shape = peel(shapeExpr);
  if (Node.isIdentifier(shape)) shape = resolveIdentifier(shape) ?? shape;
  if (!Node.isObjectLiteralExpression(shape)) {
    const form = formOf(shape, depth + 1);
    if (form.kind === 'object' && !form.shapes.includes(shape)) for (let i = form.shapes.length - 1; i >= 0; i--) collectKeys(form.shapes[i], keys, depth + 1);
    return;
  }
  for (const prop of shape.getProperties()) {
    if (Node.isPropertyAssignment(prop)) {
      const name = propertyName(prop.getNameNode());
      if (name !== undefined) keys.set(name, { nameNode: prop.getNameNode(), property: prop, value: prop.getInitializerOrThrow() });
    } else if (Node.isShorthandPropertyAssignment(prop)) {
      keys.set(prop.getName(), { nameNode: prop.getNameNode(), property: prop, value: prop.getNameNode() });
    } else if (Node.isSpreadAssignment(prop)) {
      collectKeys(prop.getExpression(), keys, depth + 1);
    }
  }
}
