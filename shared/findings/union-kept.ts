/** `union-kept`: A union could not be flattened and keeps its `oneOf`/`anyOf`. */
import type { KeptReason } from '../flatten/flattenable';
import { defineFinding, type FindingDocs } from './define';
import { lead, withArticle, at, type Who } from './wording';

export const unionKept = defineFinding({
  code: 'union-kept',
  defaultSeverity: 'warning',
  summary: 'A union could not be flattened and keeps its `oneOf`/`anyOf`.',
  messages: {
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
    flattenFailed(tool: Who, path: string[], error: string): string {
      return lead(tool, `the schema at ${at(path)} could not be analysed (${error}), so it is advertised as written; report this schema to Tool Schema Lens.`);
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  severityNote: '(a plain union: information)',
  example:
    '“Tool react: variant 1 of the discriminated union on `version` at `reaction` has a number discriminator, so it cannot be flattened and the model sees a oneOf; use string literals for `version`.”',
  when: 'a discriminated union cannot be flattened (a non-string or mixed discriminator, a non-object variant, an optional or missing discriminator, no variants; two variants claiming one value, an error since zod rejects every parse) and keeps its `oneOf`/`anyOf`; at severity information: a plain `z.union` with an object or array member, which stays `anyOf`',
  where: "the offending variant's discriminator, or the variant; the union for a plain union",
};
