/** `validation-accepts-more`: Validation accepts more than the advertised schema says: a `z.coerce.string|number|boolean()` is advertised as its plain type and converts whatever is sent; a `.catch()` turns any invalid value into its fallback. */
import { defineFinding, type FindingDocs } from './define';
import { lead, key, type Who } from './wording';

export const validationAcceptsMore = defineFinding({
  code: 'validation-accepts-more',
  defaultSeverity: 'information',
  summary:
    'Validation accepts more than the advertised schema says: a `z.coerce.string|number|boolean()` is advertised as its plain type and converts whatever is sent; a `.catch()` turns any invalid value into its fallback.',
  messages: {
    acceptsMore(tool: Who, path: string[], site: { what: string; advertised?: string; passes?: string }): string {
      const at = path.length === 0 ? 'the input' : key(path);
      const detail = site.advertised
        ? `The model is told ${site.advertised}, but validation converts what is sent (${site.passes ?? 'other types'} pass).`
        : 'The model is told its inner type, but validation turns any invalid value into the fallback, without an error.';
      return lead(tool, `${at} is ${site.what}, so validation accepts more than advertised; say so in the description. ${detail}`);
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  example:
    '“Tool set_limit: `limit` is z.coerce.number(), so validation accepts more than advertised; say so in the description. The model is told a number, but validation converts what is sent (the string "12", an empty string (as 0), true (as 1) pass).” On the coercing call; a `.catch()` likewise (any invalid value becomes its fallback, without an error).',
  when: 'a `z.coerce.string\\|number\\|boolean()` shipped as its plain type, or a `.catch()` shipped as its inner type: validation accepts values the advertised schema rules out',
  where: 'the coercing call, or the `.catch()` call',
};
