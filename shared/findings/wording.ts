/**
 * The phrases findings' messages share. Every message is one sentence naming the tool, the key or path, the
 * variants involved and what the model sees instead, ending with what to do; each finding's own file words it.
 */
import type { FlattenCause } from '../types';
import type { Consequence, HitPart, RuleEvidence, RuleId } from '../clients/types';
import { fixOf } from '../clients/wording';
import type { DroppedKeyword, KeywordDiff } from '../flatten/shapeDiff';

/** Render a schema path for messages: `media`, `content.parts[*].url`, `(root)`. */
export function formatPath(path: readonly string[]): string {
  if (path.length === 0) return '(root)';
  return path.map((seg, i) => (seg === '*' ? '[*]' : i === 0 ? seg : `.${seg}`)).join('');
}

/** What a client-rejects message is made of: the rule, the node, and each target with what it does. */
export interface ClientRejection {
  rule: RuleId;
  path: string[];
  part: HitPart;
  /** For a node of the output schema: its path there (`path` is an input path, empty for the output). */
  outputPath?: string[];
  detail: Record<string, string | number>;
  /** Most severe consequence first. */
  targets: Array<{ label: string; consequence: Consequence; says?: string; detail: Record<string, string | number>; evidence?: RuleEvidence }>;
  /** The schema is plain JSON Schema (no zod behind it): no zod call is named, the fix is worded in JSON Schema. */
  plainJson?: boolean;
  /** What the flatten did to cause it: named instead of a zod call, with a fix about the flatten. */
  flatten?: FlattenCause;
  /** Other input paths of the same node and rule (a recursive schema's uses), named beside `path`. */
  alsoAt?: string[][];
}

/** Whom a message is about: a tool by name, or a schema analysed on its own (an exported schema) as `{ schema }`. */
export type Who = string | { schema: string } | undefined;

export function lead(who: Who, sentence: string): string {
  if (typeof who === 'object' && who) return `Schema ${who.schema}: ${sentence}`;
  return who ? `Tool ${who}: ${sentence}` : sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** A value as messages quote it (a discriminator value, an enum value), so it never reads as prose: `'photo'`. */
export const quoted = (value: string) => `'${value}'`;

/** `a`, `a and b`, `a, b and c`. */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** `a union`, `an optional`, `an anyOf`, `a oneOf`. */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) && !/^(one|uni|use)/i.test(word) ? 'an' : 'a'} ${word}`;
}

/** `1,840`: token counts as people read them, the same on every machine. */
export const count = (n: number) => Math.round(n).toLocaleString('en-US');
export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The heaviest key of a tool over its budget: its share of the tool's tokens and how much of it is description. */
export interface HeavyKey {
  key: string;
  share: number;
  descriptionShare: number;
}

export const partName = (part: string) => (part === 'params' ? 'params schema' : part);

export const at = (path: readonly string[]) => (path.length === 0 ? 'the root' : `\`${formatPath(path)}\``);
export const key = (path: readonly string[]) => `\`${formatPath(path)}\``;

/** One flatten finding as union-shipped names it; `as` is how a widened key is advertised (absent: unknown). */
export interface FlattenLoss {
  code: string;
  path: string[];
  variants?: string[];
  as?: string;
}

/** What one flatten finding loses, as a phrase for union-shipped: `` `content.media` (as unknown)``. */
export function lossPhrase(f: FlattenLoss): string {
  switch (f.code) {
    case 'collision-widened':
      return `${key(f.path)} (as ${f.as ? seenAs(f.as) : 'unknown'})`;
    case 'enum-widened':
      return `which values of ${key(f.path)} go with which variant`;
    case 'strictness-dropped':
      return `the strictness of variant ${f.variants?.join(', ') ?? 'objects'}`;
    case 'union-kept':
      return `nothing at ${at(f.path)}, which stays a union`;
    default:
      return `JSON repair inside ${at(f.path)}`;
  }
}

/** How the model sees a widened key: `unknown`, a bare JSON type (`base-type`), or already in words (`type-array`). */
export const seenAs = (as: string) => (as === 'unknown' ? 'unknown' : BARE_TYPES.has(as) ? `a bare ${as}` : as);
const BARE_TYPES = new Set(['string', 'number', 'boolean', 'array', 'object']);

/** `variant a`, `variants a and b`. */
export const variantWords = (labels: readonly string[]) => `${labels.length === 1 ? 'variant' : 'variants'} ${listWords(labels)}`;

export function valueText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** One keyword difference: `variant shared requires minLength 1 and personal does not` / `maximum 6 in layout, 12 in table`. */
export function keywordDiffText(diff: KeywordDiff): string {
  const where = diff.at.length > 0 ? ` at ${diff.at.map((s) => (s === '*' ? '[*]' : s)).join('.')}` : '';
  const present = diff.groups.filter((g) => g.value !== undefined);
  const absent = diff.groups.find((g) => g.value === undefined);
  if (present.length === 1 && absent) {
    const many = present[0].labels.length > 1;
    return `${variantWords(present[0].labels)} ${many ? 'require' : 'requires'} ${diff.keyword} ${valueText(present[0].value)}${where} and ${listWords(absent.labels)} ${absent.labels.length > 1 ? 'do' : 'does'} not`;
  }
  const parts = diff.groups.map((g) => `${g.value === undefined ? 'none' : valueText(g.value)} in ${listWords(g.labels)}`);
  return `${diff.keyword}${where}: ${parts.join(', ')}`;
}

/** One dropped keyword in words: `format uri`, `enum 'x', 'y'`, `properties a, b`, `items`. */
export function droppedText(d: DroppedKeyword): string {
  if (d.keyword === 'properties' && d.value && typeof d.value === 'object') return `properties ${Object.keys(d.value).join(', ')}`;
  if (d.keyword === 'items' || d.keyword === 'additionalProperties' || d.keyword === 'required') return d.keyword;
  if (d.keyword === 'enum' && Array.isArray(d.value))
    return `enum ${d.value.map((v) => (typeof v === 'string' ? `'${valueText(v)}'` : valueText(v))).join(', ')}`;
  return `${d.keyword} ${valueText(d.value)}`;
}

/** `, without variant a's format uri and variant b's minimum 0`: what a type array or bare type drops, per variant. */
export function droppedWords(dropped: ReadonlyArray<{ label: string; keywords: DroppedKeyword[] }>): string {
  const parts = dropped.map((d) => {
    // An object's required list and closure go with its properties; naming them again says nothing new.
    const shown = d.keywords.some((k) => k.keyword === 'properties')
      ? d.keywords.filter((k) => k.keyword !== 'required' && k.keyword !== 'additionalProperties')
      : d.keywords;
    return `variant ${d.label}'s ${shown.map(droppedText).join(', ')}`;
  });
  return parts.length > 0 ? `, without ${listWords(parts)}` : '';
}

/** What the flatten did, as the subject's aside: `made by the flatten: variants set and incr declare \`value\` differently`. */
export function flattenCauseWords(cause: FlattenCause): string {
  switch (cause.kind) {
    case 'widened':
      return `made by the flatten: ${variantWords(cause.variants)} declare \`${cause.key}\` differently`;
    case 'made-optional':
      return `made by the flatten, which keeps only \`${cause.discriminator}\` required; ${variantWords(cause.requiredIn)} ${cause.requiredIn.length > 1 ? 'require' : 'requires'} it`;
    case 'optional-count':
      return `${cause.count} of them optional only because the flatten keeps just the discriminator required`;
  }
}

/** The fix of a refusal the flatten caused: about the union, since the zod call is not the cause. */
export function flattenFixOf(cause: FlattenCause, rule: RuleId, detail: Record<string, string | number>): string {
  switch (cause.kind) {
    case 'widened':
      return `rename \`${cause.key}\` in one variant so the flatten keeps each declaration as written${rule === 'type-array' ? ', or set collisionWidening to base-type' : ''}`;
    case 'made-optional':
      return `a flat object cannot say which variant requires \`${cause.key}\`: do not flatten this union for this client (a z.union of strict objects ships as an anyOf)`;
    case 'optional-count':
      // All of them the flatten's: the usual `.nullable()` advice would not reach them.
      return cause.count >= Number(detail.count)
        ? 'split the tool, or do not flatten the union for this client'
        : `${fixOf(rule, detail)}, or do not flatten the union for this client`;
  }
}
