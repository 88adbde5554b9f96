/**
 * The key under the cursor, for hover and rename: climbs from a property in a zod shape up through
 * objects, arrays, records, unions and discriminated unions to the enclosing tool schema root,
 * recording the trail (Steps) the engine would use for that key. A variant declared as a separate
 * const is followed to where it is used in a union (same file first, then through references).
 */
import { Node, type ObjectLiteralExpression, type SourceFile } from 'ts-morph';
import type { Step } from '../../../shared/types';
import type { DiscoveredSite, Position, Range } from '../types';
import { filePathOf, offsetOf, peel, propertyName, rangeOf, transparentParent } from '../syntax';
import { elementsOf, formOf, isZodNamespace } from './schemaForm';
import { keysOf } from './shapeKeys';
import { referencesOf } from './references';
import { variantLabel } from './variantLabel';

export interface KeyAtCursor {
  key: string;
  /** The property name node: what `findRenameLocations` is asked about. */
  nameNode: Node;
  keyRange: Range;
  /** Steps from `root.node` to the key; the last step is `{ kind: 'key' }`. */
  trail: Step[];
  /** The innermost variant the key is declared in. */
  variant?: { label: string; discriminator: string; index: number };
  /** Where the climb ended: a discovered site's schema, a declaration, or an expression it could not climb out of. */
  root: { node: Node; site?: DiscoveredSite; declarationName?: string };
  /** The keys of the object that declares this key (for rename de-duplication). */
  siblingKeys: string[];
}

const OBJECT_FACTORIES = new Set(['object', 'strictObject', 'looseObject', 'interface']);
const MAX_HOPS = 3;

/** The discovered sites of a file, for recognising a climb's root (a function when the climb may cross files). */
export type SitesOf = DiscoveredSite[] | ((file: string) => DiscoveredSite[]);

/**
 * The schema key under a 0-based position, with its trail; undefined when the position is not in a zod shape.
 * `sitesOf` gives discovered sites (of this file, or per file) so the climb can stop at a tool's schema.
 */
export function findKeyAt(sourceFile: SourceFile, position: Position, sitesOf: SitesOf = []): KeyAtCursor | undefined {
  try {
    return keyAt(sourceFile, position, sitesOf);
  } catch {
    return undefined; // a hover must never fail on half-typed source
  }
}

function keyAt(sourceFile: SourceFile, position: Position, sitesOf: SitesOf): KeyAtCursor | undefined {
  const sitesFor = (file: SourceFile) => (typeof sitesOf === 'function' ? sitesOf(filePathOf(file)) : file === sourceFile ? sitesOf : []);
  const sites = sitesFor(sourceFile);
  const offset = offsetOf(sourceFile, position.line, position.character);
  const at = sourceFile.getDescendantAtPos(offset);
  if (!at) return undefined;
  for (const property of [at, ...at.getAncestors()]) {
    if (!Node.isPropertyAssignment(property) && !Node.isShorthandPropertyAssignment(property)) continue;
    const literal = property.getParent();
    if (!Node.isObjectLiteralExpression(literal)) continue;
    const owner = shapeOwner(literal, sites);
    if (!owner) continue;
    const key = propertyName(property.getNameNode());
    if (key === undefined) continue;
    const trail: Step[] = [{ kind: 'key', key }];
    const root = climb(owner, trail, sitesFor, 0);
    const form = formOf(owner);
    const siblingKeys = form.kind === 'object' ? [...keysOf(form.shapes).keys()] : [];
    const variantStep = [...trail].reverse().find((s): s is Extract<Step, { kind: 'variant' }> => s.kind === 'variant');
    return {
      key,
      nameNode: property.getNameNode(),
      keyRange: rangeOf(property.getNameNode()),
      trail,
      variant: variantStep ? { label: variantStep.label, discriminator: variantStep.discriminator, index: variantStep.index } : undefined,
      root,
      siblingKeys:
        siblingKeys.length > 0
          ? siblingKeys
          : literal
              .getProperties()
              .map((p) => (Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p) ? p.getName() : ''))
              .filter(Boolean),
    };
  }
  return undefined;
}

/** The schema expression a shape literal belongs to (`z.object(L)`, `x.extend(L)`, a raw shape), or undefined. */
function shapeOwner(literal: ObjectLiteralExpression, sites: DiscoveredSite[]): Node | undefined {
  const parent = transparentParent(literal);
  if (parent && Node.isCallExpression(parent) && parent.getArguments().some((a) => peel(a) === literal)) {
    const callee = parent.getExpression();
    if (Node.isPropertyAccessExpression(callee)) {
      const name = callee.getName();
      const zodFactory = isZodNamespace(callee.getExpression());
      if (zodFactory && (OBJECT_FACTORIES.has(name) || name === 'extend' || name === 'safeExtend')) return parent;
      if (!zodFactory && (name === 'extend' || name === 'safeExtend')) return parent;
    }
  }
  if (sites.some((s) => s.schemaRange && sameRange(s.schemaRange, rangeOf(literal)))) return literal;
  // A shared shape const (`const base = { id: z.string() }`): a shape when its values are zod schemas.
  if (parent && Node.isVariableDeclaration(parent) && literal.getProperties().some((p) => Node.isPropertyAssignment(p) && startsWithZod(p.getInitializer()))) {
    return literal;
  }
  return undefined;
}

function startsWithZod(expr: Node | undefined): boolean {
  let node = expr && peel(expr);
  while (node && (Node.isCallExpression(node) || Node.isPropertyAccessExpression(node))) {
    const inner: Node = node.getExpression();
    if (Node.isIdentifier(inner)) return isZodNamespace(inner);
    node = inner;
  }
  return false;
}

/** Climb from a schema expression to its root, prepending one step per container passed. */
function climb(start: Node, trail: Step[], sitesFor: (file: SourceFile) => DiscoveredSite[], hops: number): KeyAtCursor['root'] {
  let current = start;
  const sites = sitesFor(start.getSourceFile());
  for (;;) {
    const site = sites.find((s) => s.schemaRange && sameRange(s.schemaRange, rangeOf(peel(current))));
    if (site) return { node: current, site };
    const parent = transparentParent(current);
    if (!parent) return { node: current };
    // `current.method(...)`: a wrapper, `.array()`, `.or(x)`, `.and(x)`.
    if (Node.isPropertyAccessExpression(parent) && peel(parent.getExpression()) === current) {
      const call = parent.getParent();
      if (parent.getName() === 'shape' && !(call && Node.isCallExpression(call) && call.getExpression() === parent)) {
        current = parent; // `Input.shape` given as a raw shape: the same keys
        continue;
      }
      if (!call || !Node.isCallExpression(call) || call.getExpression() !== parent) return { node: current };
      const method = parent.getName();
      if (method === 'array') trail.unshift({ kind: 'item' });
      else if (method === 'or') trail.unshift({ kind: 'member', index: 0 });
      else if (method === 'and') trail.unshift({ kind: 'side', side: 'left' });
      current = call;
      continue;
    }
    if (Node.isCallExpression(parent)) {
      const step = argumentStep(parent, current);
      if (step === undefined) return { node: current };
      if (step) trail.unshift(step);
      current = parent;
      continue;
    }
    if (Node.isArrayLiteralExpression(parent)) {
      const container = transparentParent(parent);
      if (!container || !Node.isCallExpression(container)) return { node: current };
      const step = optionStep(container, parent, current);
      if (!step) return { node: current };
      trail.unshift(step);
      current = container;
      continue;
    }
    if (Node.isPropertyAssignment(parent) && parent.getInitializer() && peel(parent.getInitializerOrThrow()) === current) {
      const literal = parent.getParent();
      const owner = Node.isObjectLiteralExpression(literal) ? shapeOwner(literal, sites) : undefined;
      const key = propertyName(parent.getNameNode());
      if (!owner || key === undefined) return { node: current };
      trail.unshift({ kind: 'key', key });
      current = owner;
      continue;
    }
    if (Node.isVariableDeclaration(parent)) return viaDeclaration(current, parent, trail, sitesFor, hops);
    return { node: current };
  }
}

/** A const holding a schema: continue from where it is used in a schema (a union's options, a key), else stop here. */
function viaDeclaration(
  current: Node,
  decl: import('ts-morph').VariableDeclaration,
  trail: Step[],
  sitesFor: (file: SourceFile) => DiscoveredSite[],
  hops: number,
): KeyAtCursor['root'] {
  const sites = sitesFor(decl.getSourceFile());
  const name = decl.getName();
  const declSite = sites.find((s) => s.nameRange && sameRange(s.nameRange, rangeOf(decl.getNameNode())));
  if (declSite || hops >= MAX_HOPS) return { node: current, site: declSite, declarationName: name };
  const nameNode = decl.getNameNode();
  const references = referencesOf(decl);
  for (const ref of references) {
    if (ref === nameNode || !Node.isIdentifier(ref)) continue;
    const probe: Step[] = [];
    const root = climb(ref, probe, sitesFor, hops + 1);
    if (probe.length > 0 || root.site) {
      trail.unshift(...probe);
      return root;
    }
  }
  return { node: current, declarationName: name };
}

/** The step for an argument of a call, null when it leaves no step (a wrapper), undefined when not a zod container. */
function argumentStep(call: Node, arg: Node): Step | null | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const callee = call.getExpression();
  const args = call.getArguments().map((a) => peel(a));
  const index = args.indexOf(arg);
  if (!Node.isPropertyAccessExpression(callee) || index < 0) return undefined;
  const name = callee.getName();
  if (!isZodNamespace(callee.getExpression())) {
    if (name === 'or') return { kind: 'member', index: 1 };
    if (name === 'and') return { kind: 'side', side: 'right' };
    if (name === 'merge') return null;
    return undefined;
  }
  if (name === 'array') return { kind: 'item' };
  if (name === 'record') return index === args.length - 1 ? { kind: 'value' } : undefined;
  if (name === 'intersection') return { kind: 'side', side: index === 0 ? 'left' : 'right' };
  if (
    ['optional', 'nullable', 'nullish', '_default', 'default', 'prefault', 'extend', 'safeExtend', 'merge', 'partial', 'required', 'pick', 'omit'].includes(
      name,
    )
  )
    return null;
  return undefined;
}

/** The step for an element of `z.discriminatedUnion(d, [..])` or `z.union([..])`. */
function optionStep(call: Node, array: Node, element: Node): Step | undefined {
  if (!Node.isCallExpression(call) || !Node.isArrayLiteralExpression(array)) return undefined;
  const callee = call.getExpression();
  if (!Node.isPropertyAccessExpression(callee) || !isZodNamespace(callee.getExpression())) return undefined;
  const index = runtimeIndex(array, element);
  if (index < 0) return undefined;
  if (callee.getName() === 'union') return { kind: 'member', index };
  if (callee.getName() !== 'discriminatedUnion') return undefined;
  const first = call.getArguments()[0];
  const discriminator = first && Node.isStringLiteral(peel(first)) ? (peel(first) as import('ts-morph').StringLiteral).getLiteralValue() : '';
  return { kind: 'variant', discriminator, label: variantLabel(element, discriminator) ?? String(index), index };
}

/** The element's index in the array at run time: spread arrays before it count as their elements. */
function runtimeIndex(array: import('ts-morph').ArrayLiteralExpression, element: Node): number {
  let index = 0;
  for (const e of array.getElements()) {
    if (peel(e) === element) return index;
    index += Node.isSpreadElement(e) ? elementsOf(e.getExpression()).length : 1;
  }
  return -1;
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}
