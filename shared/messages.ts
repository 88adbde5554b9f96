/**
 * The wording of every engine finding: one sentence naming the tool, the key or path, the variants involved
 * and what the model sees instead, ending with what to do. Fronts never word a finding themselves.
 */
import { formatPath } from './findings';
import type { KeptReason } from './flatten/flattenable';
import type { Consequence, HitPart, RuleId } from './clients/types';
import { consequenceWords, fixOf, subjectOf, targetNote, zodCallOf } from './clients/wording';

/** What a client-rejects message is made of: the rule, the node, and each target with what it does. */
export interface ClientRejection {
  rule: RuleId;
  path: string[];
  part: HitPart;
  detail: Record<string, string | number>;
  /** Most severe consequence first. */
  targets: Array<{ label: string; consequence: Consequence; says?: string; detail: Record<string, string | number> }>;
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

const partName = (part: string) => (part === 'params' ? 'params schema' : part);

const at = (path: readonly string[]) => (path.length === 0 ? 'the root' : `\`${formatPath(path)}\``);
const key = (path: readonly string[]) => `\`${formatPath(path)}\``;

export const messages = {
  collisionShapes(tool: Who, path: string[], variants: Array<{ label: string; shape: string }>): string {
    const list = listWords(variants.map((v) => `${v.label} (${v.shape})`));
    return lead(tool, `key ${key(path)} is declared differently by variants ${list}, so the model sees ${key(path)} as unknown; rename it in one variant.`);
  },
  collisionCheck(tool: Who, path: string[], labels: string[], checks: string[]): string {
    return lead(tool, `key ${key(path)} is shared by variants ${listWords(labels)} and carries a check (${checks.join(', ')}) that JSON Schema cannot apply per variant, so the model sees ${key(path)} as unknown; rename it in one variant.`);
  },
  enumWidened(tool: Who, path: string[], labels: string[], values: string[]): string {
    const vals = values.map((v) => `'${v}'`).join(', ');
    return lead(tool, `key ${key(path)} has different values in variants ${listWords(labels)}, so the model sees one enum (${vals}) for every variant; rename it in one variant to keep each value with its variant.`);
  },
  unionKept(tool: Who, path: string[], discriminator: string, reason: KeptReason, keyword = 'oneOf'): string {
    const where = `the discriminated union on \`${discriminator}\` at ${at(path)}`;
    const tail = `so it cannot be flattened and the model sees ${withArticle(keyword)}`;
    switch (reason.kind) {
      case 'empty':
        return lead(tool, `${where} has no variants, ${tail}; add at least one object variant.`);
      case 'non-object-variant':
        return lead(tool, `variant ${reason.label} of ${where} is ${withArticle(reason.what)}, not a plain object, ${tail}; use the object itself as the variant.`);
      case 'optional-discriminator':
        return lead(tool, `variant ${reason.label} of ${where} has an optional discriminator, ${tail}; make \`${discriminator}\` required.`);
      case 'missing-discriminator':
        return lead(tool, `variant ${reason.label} of ${where} does not declare \`${discriminator}\`, ${tail}; declare it as a string literal.`);
      case 'non-string-discriminator':
        return lead(tool, `variant ${reason.label} of ${where} has ${withArticle(reason.what)} discriminator, ${tail}; use string literals for \`${discriminator}\`.`);
    }
  },
  plainUnionKept(tool: Who, path: string[]): string {
    return lead(tool, `the union at ${at(path)} has object or array members, so the model sees an anyOf there; use a discriminated union on a string key if its members are objects.`);
  },
  notWalkedUnion(tool: Who, path: string[], what: string, keyword = 'oneOf'): string {
    return lead(tool, `a discriminated union inside the ${what} at ${at(path)} is not flattened, so the model sees ${withArticle(keyword)} there; move the union out of the ${what}.`);
  },
  notWalkedObjects(tool: Who, path: string[], what: string): string {
    return lead(tool, `objects or arrays inside the ${what} at ${at(path)} are not walked, so a value the model sends there as a JSON string is not repaired; move them out of the ${what} if models double-serialize them.`);
  },
  strictnessDropped(tool: Who, path: string[], label: string, what: string): string {
    return lead(tool, `variant ${label} of the discriminated union at ${at(path)} uses ${what}, which the flat object the model sees does not carry (validation still enforces it); say what is allowed in a description, or drop ${what}.`);
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
    return lead(tool, `${path.length === 0 ? 'the input' : key(path)} is ${what}, which JSON Schema cannot express, so the tool cannot be mounted; use a JSON type (e.g. a string) there.`);
  },
  keyClash(tool: Who, name: string, first: string, second: string): string {
    return lead(tool, `key \`${name}\` is declared by both ${first} and ${second}, so they cannot be merged into one object; rename it in one of them.`);
  },
  mixedVersions(tool: Who, part: string): string {
    return lead(tool, `${part} is built with a different zod major version than the input, so they cannot be merged into one object; build both with the same zod.`);
  },
  duplicateName(tool: string, count: number): string {
    return `Tool ${tool} is registered ${count} times, so a host refuses all but one; give each tool a unique name.`;
  },
  conversionFailed(tool: Who, error: string): string {
    return lead(tool, `the advertised input cannot be converted to JSON Schema (${error}), so the tool cannot be mounted; fix the part of the schema that throws.`);
  },
  clientRejects(tool: Who, r: ClientRejection): string {
    const isRoot = r.path.length === 0;
    const call = zodCallOf(r.rule, r.detail);
    const subject = `${subjectOf(r.rule, key(r.path), r.detail, isRoot)}${call ? ` (from \`${call}\`)` : ''}`;
    const groups: Array<{ consequence: Consequence; labels: string[]; says?: string }> = [];
    for (const t of r.targets) {
      const note = targetNote(r.rule, t.detail);
      const label = note ? `${t.label} (${note})` : t.label;
      const group = groups.find((g) => g.consequence === t.consequence);
      if (group) group.labels.push(label);
      else groups.push({ consequence: t.consequence, labels: [label], says: t.says });
    }
    const clauses = groups.map((g) => `${listWords(g.labels)} ${consequenceWords(g.consequence, g.labels.length > 1)}${g.says ? ` (${g.says})` : ''}`);
    return lead(tool, `${subject}, so ${listWords(clauses)}; ${fixOf(r.rule, r.detail)}.`);
  },
  flattenFailed(tool: Who, path: string[], error: string): string {
    return lead(tool, `the schema at ${at(path)} could not be analysed (${error}), so it is advertised as written; report this schema to Tool Schema Lens.`);
  },
};
