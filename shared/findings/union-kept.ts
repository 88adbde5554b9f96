/** `union-kept`: A union could not be flattened and keeps its `oneOf`/`anyOf`. */
import type { KeptReason } from '../flatten/flattenable';
import { defineFinding, type FindingDocs } from './define';
import { lead, withArticle, at, quoted, type Who } from './wording';

export const unionKept = defineFinding({
  code: 'union-kept',
  defaultSeverity: 'warning',
  summary: 'A union could not be flattened and keeps its `oneOf`/`anyOf`.',
  messages: {
    unionKept(tool: Who, path: string[], discriminator: string, reason: KeptReason, keyword = 'oneOf'): string {
      // The first sentence: what the model gets and what to do; which variant and why after it.
      const union = `the union on \`${discriminator}\` at ${at(path)}`;
      const sees = `so the model sees ${withArticle(keyword)}`;
      const kept = (fix: string, why: string) => `${lead(tool, `${union} cannot be flattened; ${fix}.`)} ${why}, ${sees}.`;
      switch (reason.kind) {
        case 'empty':
          return lead(tool, `${union} has no variants, ${sees}; add at least one object variant.`);
        case 'recursive':
          return lead(tool, `${union} contains itself, ${sees} there; describe the recursive field, or bound its depth.`);
        case 'non-object-variant':
          return kept(
            `use the object itself as variant ${quoted(reason.label)}`,
            `Variant ${quoted(reason.label)} is ${withArticle(reason.what)}, not a plain object`,
          );
        case 'optional-discriminator':
          return kept(`make \`${discriminator}\` required in variant ${quoted(reason.label)}`, `Variant ${quoted(reason.label)} has an optional discriminator`);
        case 'missing-discriminator':
          return kept(
            `declare \`${discriminator}\` as a string literal in variant ${quoted(reason.label)}`,
            `Variant ${quoted(reason.label)} does not declare it`,
          );
        case 'overlapping-discriminator':
          return `${lead(tool, `every call fails: variants ${quoted(reason.other)} and ${quoted(reason.label)} of ${union} both claim "${reason.value}"; give each variant its own value.`)} zod rejects every parse ("Duplicate discriminator value"), and the union cannot be flattened.`;
        case 'non-string-discriminator':
          return kept(`use string literals for \`${discriminator}\``, `Variant ${quoted(reason.label)} has ${withArticle(reason.what)} discriminator`);
      }
    },
    plainUnionKept(tool: Who, path: string[]): string {
      return `${lead(tool, `the model sees an anyOf at ${at(path)}; use a discriminated union on a string key if its members are objects.`)} Its members include objects or arrays, which cannot be merged into one.`;
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
    "“Tool react: the union on `version` at `reaction` cannot be flattened; use string literals for `version`. Variant '1' has a number discriminator, so the model sees a oneOf.”",
  when: 'a discriminated union cannot be flattened (a non-string or mixed discriminator, a non-object variant, an optional or missing discriminator, no variants; two variants claiming one value, an error since zod rejects every parse) and keeps its `oneOf`/`anyOf`; at severity information: a plain `z.union` with an object or array member, which stays `anyOf`',
  where: "the offending variant's discriminator, or the variant; the union for a plain union",
};
