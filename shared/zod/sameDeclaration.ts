/**
 * Whether two declarations of a key are the same at the zod level (issue 12, refining ADR-0033 0.15.1's deep check
 * rule): the same instance, or the same kinds with the same checks and parameters at every depth, refinement and
 * transform functions compared by identity. Then the flat field applies exactly what every variant applies, and
 * nothing can leak from one variant onto another; anything else with a check is still widened.
 */
import { objectShape, readNode, type Internals, type ZodNode } from './read';

/**
 * Definition fields that only annotate or word errors (they change no value's validity), and `when`, which zod
 * before 4.6 sets on every length check as a fresh closure of its own (a `when` the user passes is not compared).
 */
const ANNOTATION_FIELDS = new Set(['description', 'errorMap', 'error', 'message', 'abort', 'typeName', '~standard', 'when']);

/** Same zod-level declaration (see the file comment); cycles compare as equal where they meet again. */
export function sameDeclaration(a: Internals, b: Internals): boolean {
  return sameNode(a, b, new Map());
}

function sameNode(a: Internals, b: Internals, assumed: Map<unknown, unknown>): boolean {
  if (a === b) return true;
  const x = readNode(a);
  const y = readNode(b);
  if (!x || !y || x.flavour !== y.flavour || x.kind !== y.kind) return false;
  if (assumed.get(a) === b) return true; // a recursion met again: equal so far
  assumed.set(a, b);
  if (x.kind === 'object' && !sameShape(x, y, assumed)) return false;
  if (x.kind === 'default') return sameValue(x.def.innerType, y.def.innerType, assumed); // defaults are annotations (K4)
  return sameDefinition(x.def, y.def, assumed, x.kind === 'object');
}

function sameShape(x: ZodNode, y: ZodNode, assumed: Map<unknown, unknown>): boolean {
  const s = objectShape(x);
  const t = objectShape(y);
  const keys = Object.keys(s);
  if (keys.length !== Object.keys(t).length) return false;
  return keys.every((k, i) => Object.keys(t)[i] === k && sameNode(s[k], t[k], assumed));
}

function sameDefinition(d: Internals, e: Internals, assumed: Map<unknown, unknown>, skipShape: boolean): boolean {
  const keys = Object.keys(d).filter((k) => !ANNOTATION_FIELDS.has(k) && !(skipShape && k === 'shape'));
  const other = Object.keys(e).filter((k) => !ANNOTATION_FIELDS.has(k) && !(skipShape && k === 'shape'));
  if (keys.length !== other.length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(e, k) && sameValue(d[k], e[k], assumed));
}

function sameValue(v: unknown, w: unknown, assumed: Map<unknown, unknown>): boolean {
  if (v === w) return true;
  if (typeof v === 'number' && typeof w === 'number') return Number.isNaN(v) && Number.isNaN(w);
  if (!v || !w || typeof v !== 'object' || typeof w !== 'object') return false; // functions: identity only
  if (readNode(v) || readNode(w)) return sameNode(v, w, assumed);
  if (v instanceof RegExp || w instanceof RegExp) return v instanceof RegExp && w instanceof RegExp && v.source === w.source && v.flags === w.flags;
  if (Array.isArray(v) !== Array.isArray(w)) return false;
  if (Array.isArray(v)) return v.length === (w as unknown[]).length && v.every((item, i) => sameValue(item, (w as unknown[])[i], assumed));
  // A zod 4 check instance: its definition says what it checks (kind and parameters).
  const vc = (v as Internals)._zod?.def;
  const wc = (w as Internals)._zod?.def;
  if (vc || wc) return !!vc && !!wc && sameDefinition(vc, wc, assumed, false);
  if (Object.getPrototypeOf(v) !== Object.getPrototypeOf(w)) return false;
  return sameDefinition(v, w, assumed, false);
}
