/**
 * How a JSON Schema changed between two snapshots, each change classed by who it breaks. For an input schema a change
 * is breaking when a call valid before is refused now (a key added as required, a type narrowed, an enum value or a
 * variant removed, a bound tightened), non-breaking when every call valid before still is (a new optional key, a
 * widened type), descriptive when only words changed. An output schema is read by the caller, so there narrowing is
 * safe and widening breaks. A union's variants are matched by their discriminator value, so a change inside one
 * variant is named on it (`content{kind=photo}.url`) instead of "the anyOf changed".
 */
import { sortedKeys } from './canonicalJson';

export type ChangeClass = 'breaking' | 'non-breaking' | 'descriptive';

export interface SchemaChange {
  class: ChangeClass;
  /** Where: dotted keys, `[*]` for items, `{kind=photo}` for a variant; empty at the root. */
  path: string;
  /** What changed, in words: `added as required`, `type narrowed from string, number to string`. */
  what: string;
}

type Json = Record<string, unknown>;
type Direction = 'input' | 'output';

const ANNOTATIONS = ['description', 'title', 'examples', 'default', '$comment', 'deprecated', 'readOnly', 'writeOnly'];
const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];
const HANDLED = new Set([
  ...ANNOTATIONS,
  ...LOWER,
  ...UPPER,
  'type',
  'enum',
  'const',
  'pattern',
  'format',
  'multipleOf',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'oneOf',
  'anyOf',
  '$schema',
]);

const same = (a: unknown, b: unknown) => JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b));
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
const list = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

/** The changes of an input schema (what callers send). */
export function inputChanges(before: unknown, after: unknown): SchemaChange[] {
  const out: SchemaChange[] = [];
  diff(before, after, '', 'input', out);
  return out;
}

/** The changes of an output schema (what callers read). */
export function outputChanges(before: unknown, after: unknown): SchemaChange[] {
  const out: SchemaChange[] = [];
  diff(before, after, '', 'output', out);
  return out;
}

/** Narrower accepts less: breaking for an input, safe for an output (and the reverse for wider). */
function narrower(direction: Direction): ChangeClass {
  return direction === 'input' ? 'breaking' : 'non-breaking';
}
function wider(direction: Direction): ChangeClass {
  return direction === 'input' ? 'non-breaking' : 'breaking';
}

function diff(before: unknown, after: unknown, path: string, direction: Direction, out: SchemaChange[]): void {
  if (same(before, after)) return;
  const a: Json = isObject(before) ? before : {};
  const b: Json = isObject(after) ? after : {};
  for (const k of ANNOTATIONS) if (!same(a[k], b[k])) out.push({ class: 'descriptive', path, what: `${k} changed` });
  types(a, b, path, direction, out);
  values(a, b, path, direction, out);
  bounds(a, b, path, direction, out);
  for (const k of ['pattern', 'format', 'multipleOf']) {
    if (same(a[k], b[k])) continue;
    if (b[k] === undefined) out.push({ class: wider(direction), path, what: `${k} ${JSON.stringify(a[k])} removed` });
    else
      out.push({
        class: narrower(direction),
        path,
        what: a[k] === undefined ? `${k} ${JSON.stringify(b[k])} added` : `${k} changed to ${JSON.stringify(b[k])}`,
      });
  }
  objects(a, b, path, direction, out);
  if (!same(a.items, b.items)) {
    if (isObject(a.items) && isObject(b.items)) diff(a.items, b.items, `${path}[*]`, direction, out);
    else out.push({ class: 'breaking', path: `${path}[*]`, what: 'items changed' });
  }
  for (const k of ['oneOf', 'anyOf'] as const) variants(a, b, k, path, direction, out);
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (HANDLED.has(k) || same(a[k], b[k])) continue;
    // A keyword this comparison does not reason about: said to break, never silently passed.
    out.push({ class: 'breaking', path, what: `${k} changed` });
  }
}

/** The JSON types a schema admits; undefined when any (no `type`). */
function typesOf(s: Json): Set<string> | undefined {
  if (s.type === undefined) return undefined;
  const t = new Set((Array.isArray(s.type) ? s.type : [s.type]).map(String));
  return t;
}

function types(a: Json, b: Json, path: string, direction: Direction, out: SchemaChange[]): void {
  const ta = typesOf(a);
  const tb = typesOf(b);
  if (same(a.type, b.type)) return;
  const words = (t: Set<string> | undefined) => (t ? [...t].join(', ') : 'any');
  const admits = (t: Set<string> | undefined, x: string) => !t || t.has(x) || (x === 'integer' && t.has('number'));
  const lost = ta ? [...ta].some((x) => !admits(tb, x)) : tb !== undefined;
  const gained = tb ? [...tb].some((x) => !admits(ta, x)) : ta !== undefined;
  if (lost) out.push({ class: narrower(direction), path, what: `type narrowed from ${words(ta)} to ${words(tb)}` });
  if (gained) out.push({ class: wider(direction), path, what: `type widened from ${words(ta)} to ${words(tb)}` });
}

function values(a: Json, b: Json, path: string, direction: Direction, out: SchemaChange[]): void {
  const of = (s: Json): unknown[] | undefined => (Array.isArray(s.enum) ? s.enum : 'const' in s ? [s.const] : undefined);
  const va = of(a);
  const vb = of(b);
  if (same(va, vb)) return;
  if (!vb) {
    out.push({ class: wider(direction), path, what: `values ${list(va!)} no longer the only ones` });
    return;
  }
  if (!va) {
    out.push({ class: narrower(direction), path, what: `restricted to ${list(vb)}` });
    return;
  }
  const removed = va.filter((x) => !vb.some((y) => same(x, y)));
  const added = vb.filter((x) => !va.some((y) => same(x, y)));
  if (removed.length > 0) out.push({ class: narrower(direction), path, what: `value ${list(removed)} removed` });
  if (added.length > 0) out.push({ class: wider(direction), path, what: `value ${list(added)} added` });
}

function bounds(a: Json, b: Json, path: string, direction: Direction, out: SchemaChange[]): void {
  const change = (k: string, tighter: boolean) =>
    out.push({
      class: tighter ? narrower(direction) : wider(direction),
      path,
      what: `${k} ${a[k] === undefined ? 'set to' : b[k] === undefined ? `${JSON.stringify(a[k])} removed` : 'changed to'}${b[k] === undefined ? '' : ` ${JSON.stringify(b[k])}`}`,
    });
  for (const k of LOWER) {
    if (same(a[k], b[k])) continue;
    change(k, b[k] !== undefined && (a[k] === undefined || Number(b[k]) > Number(a[k])));
  }
  for (const k of UPPER) {
    if (same(a[k], b[k])) continue;
    change(k, b[k] !== undefined && (a[k] === undefined || Number(b[k]) < Number(a[k])));
  }
}

function objects(a: Json, b: Json, path: string, direction: Direction, out: SchemaChange[]): void {
  const pa = isObject(a.properties) ? a.properties : {};
  const pb = isObject(b.properties) ? b.properties : {};
  const ra = new Set(Array.isArray(a.required) ? a.required.map(String) : []);
  const rb = new Set(Array.isArray(b.required) ? b.required.map(String) : []);
  const closed = (s: Json) => s.additionalProperties === false;
  for (const key of Object.keys(pa)) {
    const at = join(path, key);
    if (!(key in pb)) {
      // Input: a caller still sending it is refused only by a closed object. Output: a caller relying on it breaks.
      const cls = direction === 'input' ? (closed(b) ? 'breaking' : 'non-breaking') : ra.has(key) ? 'breaking' : 'non-breaking';
      out.push({ class: cls, path: at, what: 'removed' });
      continue;
    }
    diff(pa[key], pb[key], at, direction, out);
    if (ra.has(key) !== rb.has(key))
      out.push({ class: rb.has(key) ? narrower(direction) : wider(direction), path: at, what: rb.has(key) ? 'now required' : 'no longer required' });
  }
  for (const key of Object.keys(pb)) {
    if (key in pa) continue;
    const required = rb.has(key);
    const cls = direction === 'input' ? (required ? 'breaking' : 'non-breaking') : 'non-breaking';
    out.push({ class: cls, path: join(path, key), what: required ? 'added as required' : 'added as optional' });
  }
  if (!same(a.additionalProperties, b.additionalProperties)) {
    if (isObject(a.additionalProperties) && isObject(b.additionalProperties))
      diff(a.additionalProperties, b.additionalProperties, `${path}{*}`, direction, out);
    else if (closed(b)) out.push({ class: narrower(direction), path, what: 'closed to undeclared keys' });
    else if (closed(a)) out.push({ class: wider(direction), path, what: 'open to undeclared keys' });
    else out.push({ class: 'breaking', path, what: 'additionalProperties changed' });
  }
}

/** The value that picks a variant: the first property every variant pins to one value (`kind: "photo"`). */
function variantKeys(variants: unknown[]): Array<string | undefined> {
  const objs = variants.map((v) => (isObject(v) && isObject(v.properties) ? v.properties : {}));
  const pinned = (p: unknown): unknown =>
    isObject(p) ? ('const' in p ? p.const : Array.isArray(p.enum) && p.enum.length === 1 ? (p.enum[0] as unknown) : undefined) : undefined;
  const candidates = Object.keys(objs[0] ?? {}).filter((k) => objs.every((o) => typeof pinned(o[k]) === 'string'));
  const key = candidates[0];
  return objs.map((o) => (key ? `${key}=${String(pinned(o[key]))}` : undefined));
}

function variants(a: Json, b: Json, k: 'oneOf' | 'anyOf', path: string, direction: Direction, out: SchemaChange[]): void {
  if (same(a[k], b[k])) return;
  const va = Array.isArray(a[k]) ? (a[k] as unknown[]) : [];
  const vb = Array.isArray(b[k]) ? (b[k] as unknown[]) : [];
  if (va.length === 0 || vb.length === 0) {
    out.push({ class: 'breaking', path, what: va.length === 0 ? `became a union (${k})` : `no longer a union (${k})` });
    return;
  }
  const ka = variantKeys(va);
  const kb = variantKeys(vb);
  const keyed = ka.every(Boolean) && kb.every(Boolean);
  const label = (key: string | undefined, i: number) => `${path}{${key ?? `#${i + 1}`}}`;
  va.forEach((v, i) => {
    const j = keyed ? kb.indexOf(ka[i]) : vb.findIndex((w) => same(v, w)) >= 0 ? vb.findIndex((w) => same(v, w)) : i < vb.length ? i : -1;
    if (j < 0) out.push({ class: narrower(direction), path: label(ka[i], i), what: 'variant removed' });
    else diff(v, vb[j], label(ka[i], i), direction, out);
  });
  vb.forEach((w, j) => {
    const known = keyed ? ka.includes(kb[j]) : va.some((v) => same(v, w)) || j < va.length;
    if (!known) out.push({ class: wider(direction), path: label(kb[j], j), what: 'variant added' });
  });
}
