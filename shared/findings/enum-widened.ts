/** `enum-widened`: String literal or enum values of several variants were merged into one enum. */
import { defineFinding, type FindingDocs } from './define';
import { lead, listWords, key, quoted, type Who } from './wording';

export const enumWidened = defineFinding({
  code: 'enum-widened',
  defaultSeverity: 'information',
  summary: 'String literal or enum values of several variants were merged into one enum.',
  messages: {
    enumWidened(tool: Who, path: string[], labels: string[], values: string[]): string {
      const vals = values.map(quoted).join(', ');
      return `${lead(tool, `the model sees one enum at ${key(path)} for every variant; rename it in one variant to keep them apart.`)} Variants ${listWords(labels.map(quoted))} allow different values; the enum is ${vals}.`;
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  example:
    "“Tool search_messages: the model sees one enum at `filter.sort` for every variant; rename it in one variant to keep them apart. Variants 'channel' and 'user' allow different values; the enum is 'recent', 'relevance', 'alphabetical'.”",
  when: 'string literal or enum values of several variants were merged into one enum',
  where: 'the key in each declaring variant; a rename quick fix',
};
