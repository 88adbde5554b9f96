/**
 * What differs between the declarations of one key, from their canonical JSON (annotations stripped): the
 * keywords whose values are not the same in every declaring variant, at the key itself or inside it (a property,
 * the items). Plain data; findings/collision-widened.ts words it.
 */
import { canonicalString } from './canonical';

export interface KeywordDiff {
  /** Where inside the key: property names and `*` for items; empty at the key itself. */
  at: string[];
  keyword: string;
  /** One group per distinct value, first-seen order; `value` undefined where those variants do not have it. */
  groups: Array<{ labels: string[]; value: unknown }>;
}

type Json = Record<string, unknown>;
const NESTED = new Set(['properties', 'items', 'additionalProperties']);
const MAX_DIFFS = 3;

/** Up to three differing keywords across the shapes (same order as `labels`), outermost first. */
export function shapeDiff(labels: string[], shapes: unknown[]): KeywordDiff[] {
  const out: KeywordDiff[] = [];
  collect(labels, shapes, [], out);
  return out;
}

function collect(labels: string[], shapes: unknown[], at: string[], out: KeywordDiff[]): void {
  const objects = shapes.map((s) => (s && typeof s === 'object' && !Array.isArray(s) ? (s as Json) : {}));
  const keywords: string[] = [];
  for (const o of objects) for (const k of Object.keys(o)) if (!keywords.includes(k)) keywords.push(k);
  const nested: string[] = [];
  for (const keyword of keywords) {
    if (out.length >= MAX_DIFFS) return;
    const values = objects.map((o) => o[keyword]);
    const texts = values.map((v) => (v === undefined ? undefined : canonicalString(v)));
    if (texts.every((t) => t === texts[0])) continue;
    if (NESTED.has(keyword) && values.every((v) => v && typeof v === 'object' && !Array.isArray(v))) {
      nested.push(keyword);
      continue;
    }
    const groups: KeywordDiff['groups'] = [];
    const groupTexts: Array<string | undefined> = [];
    texts.forEach((text, i) => {
      const at = groupTexts.indexOf(text);
      if (at >= 0) groups[at].labels.push(labels[i]);
      else {
        groups.push({ labels: [labels[i]], value: values[i] });
        groupTexts.push(text);
      }
    });
    out.push({ at, keyword, groups });
  }
  for (const keyword of nested) {
    if (out.length >= MAX_DIFFS) return;
    if (keyword === 'properties') {
      const maps = objects.map((o) => (o.properties ?? {}) as Json);
      const names: string[] = [];
      for (const m of maps) for (const n of Object.keys(m)) if (!names.includes(n)) names.push(n);
      for (const name of names)
        collect(
          labels,
          maps.map((m) => m[name]),
          [...at, name],
          out,
        );
    } else
      collect(
        labels,
        objects.map((o) => o[keyword]),
        [...at, keyword === 'items' ? '*' : '(other keys)'],
        out,
      );
  }
}

/** One keyword a widened key no longer advertises for a variant: `format uri`, `enum x, y`, `its properties`. */
export interface DroppedKeyword {
  keyword: string;
  value: unknown;
}

/** Keywords that say what a value may be beyond its JSON type; annotations (description, title, default) are not. */
const CONSTRAINTS = [
  'enum',
  'const',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'properties',
  'required',
  'additionalProperties',
  'items',
];

const SAFE_RANGE = new Set(['minimum', 'maximum']);

/** What one declaration's JSON says beyond its type: what a type array or a bare type drops for that variant. */
export function constraintsOf(shape: unknown): DroppedKeyword[] {
  if (!shape || typeof shape !== 'object' || Array.isArray(shape)) return [];
  const s = shape as Json;
  // zod 4 writes an integer's safe range as bounds; nobody declared them, so losing them loses nothing.
  const declared = (k: string) => s[k] !== undefined && !(SAFE_RANGE.has(k) && Math.abs(s[k] as number) === Number.MAX_SAFE_INTEGER);
  return CONSTRAINTS.filter(declared).map((keyword) => ({ keyword, value: s[keyword] }));
}
