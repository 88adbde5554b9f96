/**
 * The wording of every engine finding: one sentence naming the tool, the key or path, the variants involved
 * and what the model sees instead, ending with what to do. Fronts never word a finding themselves.
 */
import { formatPath } from './findings';
import type { KeptReason } from './flatten/flattenable';
import type { DroppedKeyword, KeywordDiff } from './flatten/shapeDiff';
import type { FlattenCause } from './clients/flattenCause';
import type { Consequence, HitPart, RuleEvidence, RuleId } from './clients/types';
import { consequenceWords, fixOf, jsonFixOf, observedWhen, subjectOf, targetNote, zodCallOf } from './clients/wording';

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
}

/** Whom a message is about: a tool by name, or a schema analysed on its own (an exported schema) as `{ schema }`. */
export type Who = string | { schema: string } | undefined;

function lead(who: Who, sentence: string): string {
  if (typeof who === 'object' && who) return `Schema ${who.schema}: ${sentence}`;
  return who ? `Tool ${who}: ${sentence}` : sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** `a`, `a and b`, `a, b and c`. */
function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** `a union`, `an optional`, `an anyOf`, `a oneOf`. */
function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) && !/^(one|uni|use)/i.test(word) ? 'an' : 'a'} ${word}`;
}

/** `1,840`: token counts as people read them, the same on every machine. */
const count = (n: number) => Math.round(n).toLocaleString('en-US');
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The heaviest key of a tool over its budget: its share of the tool's tokens and how much of it is description. */
export interface HeavyKey {
  key: string;
  share: number;
  descriptionShare: number;
}

const partName = (part: string) => (part === 'params' ? 'params schema' : part);

const at = (path: readonly string[]) => (path.length === 0 ? 'the root' : `\`${formatPath(path)}\``);
const key = (path: readonly string[]) => `\`${formatPath(path)}\``;

/** One flatten finding as union-shipped names it; `as` is how a widened key is advertised (absent: unknown). */
export interface FlattenLoss {
  code: string;
  path: string[];
  variants?: string[];
  as?: string;
}

/** What one flatten finding loses, as a phrase for union-shipped: `` `content.media` (as unknown)``. */
function lossPhrase(f: FlattenLoss): string {
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
const seenAs = (as: string) => (as === 'unknown' ? 'unknown' : BARE_TYPES.has(as) ? `a bare ${as}` : as);
const BARE_TYPES = new Set(['string', 'number', 'boolean', 'array', 'object']);

/** `variant a`, `variants a and b`. */
const variantWords = (labels: readonly string[]) => `${labels.length === 1 ? 'variant' : 'variants'} ${listWords(labels)}`;

function valueText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** One keyword difference: `variant shared requires minLength 1 and personal does not` / `maximum 6 in layout, 12 in table`. */
function keywordDiffText(diff: KeywordDiff): string {
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
function droppedText(d: DroppedKeyword): string {
  if (d.keyword === 'properties' && d.value && typeof d.value === 'object') return `properties ${Object.keys(d.value).join(', ')}`;
  if (d.keyword === 'items' || d.keyword === 'additionalProperties' || d.keyword === 'required') return d.keyword;
  if (d.keyword === 'enum' && Array.isArray(d.value))
    return `enum ${d.value.map((v) => (typeof v === 'string' ? `'${valueText(v)}'` : valueText(v))).join(', ')}`;
  return `${d.keyword} ${valueText(d.value)}`;
}

/** `, without variant a's format uri and variant b's minimum 0`: what a type array or bare type drops, per variant. */
function droppedWords(dropped: ReadonlyArray<{ label: string; keywords: DroppedKeyword[] }>): string {
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
function flattenCauseWords(cause: FlattenCause): string {
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
function flattenFixOf(cause: FlattenCause, rule: RuleId, detail: Record<string, string | number>): string {
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

export const messages = {
  collisionShapes(
    tool: Who,
    path: string[],
    variants: Array<{ label: string; shape: string }>,
    as = 'unknown',
    diffs: KeywordDiff[] = [],
    dropped: ReadonlyArray<{ label: string; keywords: DroppedKeyword[] }> = [],
  ): string {
    const sameType = variants.every((v) => v.shape === variants[0].shape) && variants[0]?.shape !== 'any';
    const tail = `so the model sees ${key(path)} as ${seenAs(as)}${droppedWords(dropped)}; rename it in one variant.`;
    if (sameType && diffs.length > 0) {
      const both = variants.length === 2 ? 'both' : `all ${variants.length} variants`;
      return lead(tool, `key ${key(path)} is ${withArticle(variants[0].shape)} in ${both}, but ${diffs.map(keywordDiffText).join('; ')}, ${tail}`);
    }
    const list = listWords(variants.map((v) => `${v.label} (${v.shape})`));
    return lead(tool, `key ${key(path)} is declared differently by variants ${list}, ${tail}`);
  },
  collisionCheck(tool: Who, path: string[], labels: string[], checks: string[], as = 'unknown'): string {
    return lead(
      tool,
      `key ${key(path)} is shared by variants ${listWords(labels)} and carries a check (${checks.join(', ')}) that may differ between them and that JSON Schema cannot apply per variant, so the model sees ${key(path)} as ${seenAs(as)}; rename it in one variant.`,
    );
  },
  enumWidened(tool: Who, path: string[], labels: string[], values: string[]): string {
    const vals = values.map((v) => `'${v}'`).join(', ');
    return lead(
      tool,
      `key ${key(path)} has different values in variants ${listWords(labels)}, so the model sees one enum (${vals}) for every variant; rename it in one variant to keep each value with its variant.`,
    );
  },
  unionKept(tool: Who, path: string[], discriminator: string, reason: KeptReason, keyword = 'oneOf'): string {
    const where = `the discriminated union on \`${discriminator}\` at ${at(path)}`;
    const tail = `so it cannot be flattened and the model sees ${withArticle(keyword)}`;
    switch (reason.kind) {
      case 'empty':
        return lead(tool, `${where} has no variants, ${tail}; add at least one object variant.`);
      case 'recursive':
        return lead(
          tool,
          `${where} contains itself, so its inner occurrence cannot be flattened and the model sees ${withArticle(keyword)} there; describe the recursive field, or bound its depth.`,
        );
      case 'non-object-variant':
        return lead(
          tool,
          `variant ${reason.label} of ${where} is ${withArticle(reason.what)}, not a plain object, ${tail}; use the object itself as the variant.`,
        );
      case 'optional-discriminator':
        return lead(tool, `variant ${reason.label} of ${where} has an optional discriminator, ${tail}; make \`${discriminator}\` required.`);
      case 'missing-discriminator':
        return lead(tool, `variant ${reason.label} of ${where} does not declare \`${discriminator}\`, ${tail}; declare it as a string literal.`);
      case 'overlapping-discriminator':
        return lead(
          tool,
          `variants ${reason.other} and ${reason.label} of ${where} both claim "${reason.value}", which zod rejects on every parse ("Duplicate discriminator value"), so every call of the tool fails and the union cannot be flattened; give each variant its own value.`,
        );
      case 'non-string-discriminator':
        return lead(
          tool,
          `variant ${reason.label} of ${where} has ${withArticle(reason.what)} discriminator, ${tail}; use string literals for \`${discriminator}\`.`,
        );
    }
  },
  plainUnionKept(tool: Who, path: string[]): string {
    return lead(
      tool,
      `the union at ${at(path)} has object or array members, so the model sees an anyOf there; use a discriminated union on a string key if its members are objects.`,
    );
  },
  notWalkedUnion(tool: Who, path: string[], what: string, keyword = 'oneOf'): string {
    return lead(
      tool,
      `a discriminated union inside the ${what} at ${at(path)} is not flattened, so the model sees ${withArticle(keyword)} there; move the union out of the ${what}.`,
    );
  },
  notWalkedObjects(tool: Who, path: string[], what: string): string {
    return lead(
      tool,
      `objects or arrays inside the ${what} at ${at(path)} are not walked, so a value the model sends there as a JSON string is not repaired; move them out of the ${what} if models double-serialize them.`,
    );
  },
  strictnessDropped(tool: Who, path: string[], label: string, what: string): string {
    return lead(
      tool,
      `variant ${label} of the discriminated union at ${at(path)} uses ${what}, which the flat object the model sees does not carry (validation still enforces it); say what is allowed in a description, or drop ${what}.`,
    );
  },
  opennessShared(tool: Who, path: string[], label: string, what: string): string {
    return lead(
      tool,
      `variant ${label} of the discriminated union at ${at(path)} uses ${what}, so the flat object the model sees accepts extra keys for every variant (validation still applies ${what} to ${label} alone); say in a description which variant takes extra keys, or drop ${what}.`,
    );
  },
  notZod(tool: Who, part: string): string {
    return lead(tool, `the ${partName(part)} is not a zod schema, so it cannot be analysed or mounted; pass a zod object schema.`);
  },
  nonObjectInput(tool: Who, what: string): string {
    return lead(tool, `the advertised input is ${what}, not an object, so MCP cannot mount it; wrap it in z.object({ ... }).`);
  },
  partNotObject(tool: Who, part: string, what: string): string {
    return lead(tool, `the ${partName(part)} is ${what}, not an object, so it and the input would form an allOf, which MCP cannot mount; make both objects.`);
  },
  unrepresentable(tool: Who, path: string[], what: string): string {
    return lead(
      tool,
      `${path.length === 0 ? 'the input' : key(path)} is ${what}, which JSON Schema cannot express, so the tool cannot be mounted; use a JSON type (e.g. a string) there.`,
    );
  },
  jsonRejected(tool: Who, path: string[], site: { what: string; expects: string; sends: string; fix: string }): string {
    const call = site.what.replace(/^an? /, '');
    return lead(
      tool,
      `${path.length === 0 ? 'the input' : key(path)} is ${site.what}, and a model's arguments are JSON, which has no ${site.expects}: it sends ${site.sends} there, which ${call} rejects, so every call that sets ${path.length === 0 ? 'it' : key(path)} fails validation; use ${site.fix}.`,
    );
  },
  untypedProperty(tool: Who, path: string[], described: boolean): string {
    const has = described ? 'a description only' : 'an empty schema';
    const fix = 'give it a type (z.string(), z.number(), a z.union of the shapes it takes)';
    return lead(
      tool,
      `${key(path)} is advertised with ${has} and no type, so a model may send any JSON value there (the string "1" where a number is meant, an object, null) and only validation tells it otherwise; ${fix}.`,
    );
  },
  acceptsMore(tool: Who, path: string[], site: { what: string; advertised?: string; passes?: string }): string {
    const at = path.length === 0 ? 'the input' : key(path);
    const detail = site.advertised
      ? `the model is told ${site.advertised}, but validation converts what is sent (${site.passes ?? 'other types'} pass)`
      : 'the model is told its inner type, but validation turns any invalid value into the fallback, without an error';
    return lead(tool, `${at} is ${site.what}: ${detail}, so validation accepts more than advertised; say so in the description where that is wanted.`);
  },
  keyClash(tool: Who, name: string, first: string, second: string): string {
    return lead(tool, `key \`${name}\` is declared by both ${first} and ${second}, so they cannot be merged into one object; rename it in one of them.`);
  },
  mixedVersions(tool: Who, part: string): string {
    return lead(
      tool,
      `${part} is built with a different zod major version than the input, so they cannot be merged into one object; build both with the same zod.`,
    );
  },
  duplicateName(tool: string, count: number): string {
    return `Tool ${tool} is registered ${count} times, so a host refuses all but one; give each tool a unique name.`;
  },
  conversionFailed(tool: Who, error: string): string {
    return lead(
      tool,
      `the advertised input cannot be converted to JSON Schema (${error}), so the tool cannot be mounted; fix the part of the schema that throws.`,
    );
  },
  mcpHeaderInvalid(tool: Who, path: string[], header: string, problem: 'notToken' | 'unreachable' | 'type' | 'duplicate'): string {
    const why = {
      notToken: `"${header}" is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_\`|~ only)`,
      unreachable: 'it is not reachable through plain `properties` from the root (it sits under an array, a union, a condition or a $ref)',
      type: 'only string, integer and boolean parameters may be sent as headers',
      duplicate: `"${header}" is already used by another parameter (header names ignore case)`,
    }[problem];
    const fix = {
      notToken: 'use a header name such as "X-Region"',
      unreachable: 'move the parameter to a plain key of the input object, or drop its x-mcp-header',
      type: 'make the parameter a z.string(), z.number().int() or z.boolean(), or drop its x-mcp-header',
      duplicate: 'give each parameter its own header name',
    }[problem];
    return lead(
      tool,
      `${at(path)} carries x-mcp-header, but ${why}, so clients on Streamable HTTP under protocol 2026-07-28 leave the tool out of tools/list; ${fix}.`,
    );
  },
  schemaDropped(tool: Who, library: string, what: string): string {
    // A union is dropped for being one (SDK 1.23+); anything else for having no JSON Schema (Mastra's z.custom()).
    const fix = /union|intersection/.test(what)
      ? 'put the union under a key of a z.object({ ... }), or flatten it'
      : 'declare the input as a z.object({ ... }) of JSON types';
    return lead(tool, `${library} ships the input (${what}) as an empty object, so the model is told the tool takes no arguments; ${fix}.`);
  },
  outputDropped(tool: Who, library: string, what: string): string {
    return lead(
      tool,
      `${library} sends no output schema for it (${what}, not an object), so clients never see the shape of its results and its structuredContent is not checked; wrap the output in z.object({ ... }).`,
    );
  },
  listFails(tool: Who, library: string, path: readonly string[] | undefined, what: string | undefined, error: string, lost: number): string {
    const node = path === undefined ? 'its input' : `${path.length === 0 ? 'the input' : key(path)}${what ? ` (${what})` : ''}`;
    const loss = lost > 1 ? `all ${lost} tools of the server are lost` : 'the tool is lost';
    return lead(
      tool,
      `${library} cannot convert ${node} to JSON Schema (${error}), so the server's whole tools/list fails and ${loss}; use a JSON type (e.g. a string) there.`,
    );
  },
  /** The sentence a union-shipped message gains: which selected targets flattening would satisfy, and which it would break. */
  flattenVerdicts(
    accepted: readonly string[],
    refused: ReadonlyArray<{ label: string; rule: RuleId; path: string[]; detail: Record<string, string | number>; before: boolean }>,
  ): string {
    const taken = accepted.length > 0 ? `taken by ${listWords(accepted)}` : '';
    const lost = refused.map((r) => `${r.label} (${r.before ? 'now because ' : ''}${subjectOf(r.rule, key(r.path), r.detail, r.path.length === 0)})`);
    const refusedBy = lost.length > 0 ? `refused by ${listWords(lost)}` : '';
    return `Flattened, it would be ${[taken, refusedBy].filter(Boolean).join(' but ')}.`;
  },
  unionShipped(
    tool: Who,
    path: string[],
    keyword: string,
    flattened: { intoObject: boolean; discriminator?: string; losses: FlattenLoss[]; anyOfBy?: string },
  ): string {
    const weak = flattened.anyOfBy
      ? ` (${flattened.anyOfBy}: nothing marks \`${flattened.discriminator}\` as the key that picks the variant; zod 4.1.13 and later write a oneOf, which more clients refuse)`
      : '';
    const root = `${weak}${path.length === 0 ? ', which weak models fill badly and several providers refuse at the root' : ', which weak models fill badly'}`;
    if (!flattened.intoObject) {
      const kept = flattened.losses.some((f) => f.code === 'union-kept' && f.path.length === path.length && f.path.every((s, i) => s === path[i]));
      const why = kept ? 'see the related information' : 'only a discriminated union on a string key becomes one object';
      return lead(tool, `the union at ${at(path)} ships as written, as ${withArticle(keyword)}${root}; flattening cannot make it one object either (${why}).`);
    }
    const into = flattened.discriminator ? `one object with \`${flattened.discriminator}\` as an enum` : 'one object';
    const phrases = [...new Set(flattened.losses.map(lossPhrase))];
    const loss = phrases.length === 0 ? 'losing nothing' : `losing ${listWords(phrases)}`;
    return lead(tool, `the union at ${at(path)} ships as written, as ${withArticle(keyword)}${root}; flattening it would ship ${into}, ${loss}.`);
  },
  clientRejects(tool: Who, r: ClientRejection): string {
    // A node of the output schema is named as such: its input path is empty, and it is not "the input schema".
    const output = r.part === 'output';
    const isRoot = !output && r.path.length === 0;
    const at = output ? (r.outputPath?.length ? `${key(r.outputPath)} of the output schema` : 'the output schema') : key(r.path);
    const call = r.plainJson || r.flatten ? undefined : zodCallOf(r.rule, r.detail);
    const cause = r.flatten ? ` (${flattenCauseWords(r.flatten)})` : call ? ` (from \`${call}\`)` : '';
    const subject = `${subjectOf(r.rule, at, r.detail, isRoot)}${cause}`;
    // Targets share a clause when they do the same thing on the same kind of evidence (seen at the same time).
    const groups: Array<{ key: string; consequence: Consequence; labels: string[]; says?: string; evidence?: RuleEvidence }> = [];
    for (const t of r.targets) {
      const note = targetNote(r.rule, t.detail);
      const label = note ? `${t.label} (${note})` : t.label;
      const key = [t.consequence, t.evidence?.kind, t.evidence && observedWhen(t.evidence)].join('\u0000');
      const group = groups.find((g) => g.key === key);
      if (group) group.labels.push(label);
      else groups.push({ key, consequence: t.consequence, labels: [label], says: t.says, evidence: t.evidence });
    }
    const clauses = groups.map((g) => {
      const aside = [g.says, g.evidence && observedWhen(g.evidence)].filter(Boolean).join('; ');
      return `${listWords(g.labels)} ${consequenceWords(g.consequence, g.labels.length > 1, g.evidence?.kind)}${aside ? ` (${aside})` : ''}`;
    });
    const fix = r.flatten ? flattenFixOf(r.flatten, r.rule, r.detail) : r.plainJson ? jsonFixOf(r.rule, r.detail) : fixOf(r.rule, r.detail);
    return lead(tool, `${subject}, so ${listWords(clauses)}; ${fix}.`);
  },
  flattenFailed(tool: Who, path: string[], error: string): string {
    return lead(tool, `the schema at ${at(path)} could not be analysed (${error}), so it is advertised as written; report this schema to Tool Schema Lens.`);
  },
  overBudgetTool(tool: string, tokens: number, budget: number, heaviest: HeavyKey | undefined, descriptionShare: number): string {
    const over = `Tool ${tool}: its definition is ${count(tokens)} tokens, over the budget of ${count(budget)} per tool`;
    if (heaviest && heaviest.share >= 0.25) {
      const k = `\`${heaviest.key}\``;
      const fix =
        heaviest.descriptionShare >= 0.4
          ? `descriptions are ${percent(heaviest.descriptionShare)} of ${k}: shorten them`
          : `move ${k} to a tool of its own, or give it fewer options`;
      return `${over}; ${k} is ${percent(heaviest.share)} of this tool's ${count(tokens)} tokens; ${fix}.`;
    }
    if (descriptionShare >= 0.4) return `${over}; its descriptions are ${percent(descriptionShare)} of it: shorten them.`;
    return `${over}; split it into tools that each take fewer keys.`;
  },
  /** Related information of a tool's budget finding: its heaviest key. */
  overBudgetKeyRelated(key: string, tokens: number): string {
    return `\`${key}\`: ${count(tokens)} tokens`;
  },
  /** Related information of a budget finding placed on the heaviest key: the tool it belongs to. */
  overBudgetToolRelated(tool: string, tokens: number): string {
    return `tool ${tool}: ${count(tokens)} tokens in all`;
  },
  overBudgetServer(
    server: string,
    tools: number,
    tokens: number,
    windowShare: number,
    budget: number,
    heaviest: Array<{ name: string; tokens: number }>,
  ): string {
    const list = listWords(heaviest.map((t) => `${t.name} (${count(t.tokens)})`));
    return `The ${tools} tools of ${server} are ${count(tokens)} tokens, ${percent(windowShare)} of a 200k context window, over the budget of ${count(budget)} per server; the heaviest are ${list}: shrink them, or register fewer tools (clients cap or defer large tool sets).`;
  },
};
