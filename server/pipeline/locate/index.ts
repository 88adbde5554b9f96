/**
 * Locating: an engine finding's sites (trail + anchor) → source ranges, statically, through the
 * user's source. Every site gets a place: the exact anchor when the trail can be followed, else the
 * nearest enclosing node that could be reached, else the tool's registration.
 */
import { Node, type CallExpression, type SourceFile } from 'ts-morph';
import type { FindingSite, Step } from '../../../shared/types';
import type { DiscoveredSite } from '../discover/contract';
import type { Location, Range } from '../syntax/places';
import { followTrail, type TrailEnd } from './followTrail';
import { filePathOf, locationOf, offsetOf, spanRange } from '../syntax';
import { formOf } from './schemaForm';
import { findKey } from './shapeKeys';

export { followTrail } from './followTrail';
export { formOf } from './schemaForm';
export { suggestRename } from './suggestRename';
export { locationOf, rangeOf } from '../syntax';

/**
 * The schema roots a trail may start from. `input` is the tool's input schema (the site's schemaRange);
 * a trail starting with {kind:'params'} / {kind:'extend'} is followed from `params` / `extend`, which
 * the caller supplies when it knows them (the SDKs discovery reads have neither).
 */
export interface SchemaRoots {
  input?: Node;
  params?: Node;
  extend?: Node;
}

export interface Placement {
  location: Location;
  /** True when the anchor itself was found; false when this is a fallback place. */
  exact: boolean;
}

/** The node at a range of a file (e.g. a DiscoveredSite's schemaRange), or undefined. */
export function nodeAtRange(sourceFile: SourceFile, range: Range): Node | undefined {
  const start = offsetOf(sourceFile, range.start.line, range.start.character);
  const end = offsetOf(sourceFile, range.end.line, range.end.character);
  return sourceFile.getDescendantAtStartWithWidth(start, end - start) ?? undefined;
}

/** The roots of a discovered site: its schema expression as `input`. */
export function rootsOf(sourceFile: SourceFile, site: DiscoveredSite): SchemaRoots {
  return { input: site.schemaRange ? nodeAtRange(sourceFile, site.schemaRange) : undefined };
}

/** Where a 'tool' anchor lands for a site: its name (literal or binding) when known, else the whole call / declaration. */
export function toolLocation(file: string, site: DiscoveredSite): Location {
  return { file, range: site.nameRange ?? site.range };
}

/** Place a finding site exactly; null when the trail cannot be followed, the anchor is 'tool', or it is not in source. */
export function locateSite(roots: Node | SchemaRoots, site: FindingSite): Location | null {
  if (site.anchor === 'tool') return null;
  try {
    return reach(roots, site)?.anchor ?? null;
  } catch {
    return null; // half-typed source mid-edit: the fallback places it
  }
}

/** Place a finding site, never nowhere: exact anchor, else the nearest node reached, else the registration. */
export function placeSite(roots: Node | SchemaRoots | undefined, site: FindingSite, registration: Location): Placement {
  return reachSite(roots, site) ?? { location: registration, exact: site.anchor === 'tool' };
}

/** Where a site's trail gets to: the exact anchor, else the nearest node reached; null when it reaches nothing. */
export function reachSite(roots: Node | SchemaRoots | undefined, site: FindingSite): Placement | null {
  if (site.anchor === 'tool' || !roots) return null;
  try {
    const reached = reach(roots, site);
    if (!reached) return null;
    if (reached.anchor) return { location: reached.anchor, exact: true };
    return { location: locationOf(reached.end.expression), exact: false };
  } catch {
    return null;
  }
}

/** A site's trail followed from its root: the exact anchor (null when not reached) and where the trail ended; undefined without a root. */
function reach(roots: Node | SchemaRoots, site: FindingSite): { anchor: Location | null; end: TrailEnd } | undefined {
  const { root, steps } = pickRoot(roots, site.trail);
  if (!root) return undefined;
  const end = followTrail(root, steps);
  return { anchor: end.complete ? anchorNode(end, site, steps) : null, end };
}

function pickRoot(roots: Node | SchemaRoots, trail: Step[]): { root: Node | undefined; steps: Step[] } {
  const named: SchemaRoots = roots instanceof Node ? { input: roots } : roots;
  const first = trail[0];
  if (first?.kind === 'params') return { root: named.params, steps: trail.slice(1) };
  if (first?.kind === 'extend') return { root: named.extend, steps: trail.slice(1) };
  return { root: named.input, steps: trail };
}

function anchorNode(end: TrailEnd, site: FindingSite, steps: Step[]): Location | null {
  switch (site.anchor) {
    case 'node':
      return (site.call && callIn(end.expression, site.call)) ?? locationOf(end.expression);
    case 'key': {
      const last = steps[steps.length - 1];
      return last?.kind === 'key' && end.lastKey ? locationOf(end.lastKey.nameNode) : null;
    }
    case 'discriminator':
      return discriminatorLocation(end);
    case 'strict-call': {
      const form = formOf(end.expression);
      const setters = form.kind === 'object' ? form.strictness : [];
      // Outermost first; the first written (innermost) is the one the reader sees first.
      const setter = setters[setters.length - 1];
      if (!setter) return null;
      return Node.isCallExpression(setter) ? callNameAndArgs(setter) : locationOf(setter);
    }
    default:
      return null;
  }
}

/**
 * The call among `names` in an expression's method chain (`.url()` in `z.string().url().describe(…)`, or the factory
 * `z.url()`), from its name to its closing parenthesis: where a finding about that check belongs.
 */
function callIn(expression: Node, names: readonly string[]): Location | null {
  let node: Node = expression;
  for (let i = 0; i < 64 && Node.isCallExpression(node); i++) {
    const callee = node.getExpression();
    const name = Node.isPropertyAccessExpression(callee) ? callee.getName() : Node.isIdentifier(callee) ? callee.getText() : undefined;
    if (name && names.includes(name)) return callNameAndArgs(node);
    if (!Node.isPropertyAccessExpression(callee)) break;
    node = callee.getExpression();
  }
  return null;
}

/** In a variant: its discriminator property; at a union itself: the discriminator argument. */
function discriminatorLocation(end: TrailEnd): Location | null {
  const form = formOf(end.expression);
  if (form.kind === 'object' && end.discriminator) {
    const found = findKey(form.shapes, end.discriminator).found;
    return found ? locationOf(found.property) : null;
  }
  if (form.kind === 'du' && Node.isCallExpression(form.node)) {
    const first = form.node.getArguments()[0];
    return first && form.discriminator !== undefined ? locationOf(first) : null;
  }
  return null;
}

/** `strict()` in `z.object({...}).strict()`: from the method name to the closing parenthesis. */
function callNameAndArgs(call: CallExpression): Location {
  const callee = call.getExpression();
  const start = Node.isPropertyAccessExpression(callee) ? callee.getNameNode().getStart() : call.getStart();
  const sf = call.getSourceFile();
  return { file: filePathOf(sf), range: spanRange(sf, start, call.getEnd()) };
}
