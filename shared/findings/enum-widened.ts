/** `enum-widened`: String literal or enum values of several variants were merged into one enum. */
import { defineFinding, type FindingDocs } from './define';
import { lead, listWords, key, type Who } from './wording';

export const enumWidened = defineFinding({
  code: 'enum-widened',
  defaultSeverity: 'information',
  summary: 'String literal or enum values of several variants were merged into one enum.',
  messages: {
    enumWidened(tool: Who, path: string[], labels: string[], values: string[]): string {
      const vals = values.map((v) => `'${v}'`).join(', ');
      return lead(
        tool,
        `key ${key(path)} has different values in variants ${listWords(labels)}, so the model sees one enum (${vals}) for every variant; rename it in one variant to keep each value with its variant.`,
      );
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  example:
    "“Tool search_messages: key `filter.sort` has different values in variants channel and user, so the model sees one enum ('recent', 'relevance', 'alphabetical') for every variant; rename it in one variant to keep each value with its variant.”",
  when: 'string literal or enum values of several variants were merged into one enum',
  where: 'the key in each declaring variant; a rename quick fix',
};
