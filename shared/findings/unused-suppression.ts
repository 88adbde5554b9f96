/** `unused-suppression`: A `// tool-schema-lens-disable-next-line` comment suppresses nothing on the next line: the finding it named is gone, or it names a code or rule that is not reported there. */
import { defineFinding, type FindingDocs } from './define';

export const unusedSuppression = defineFinding({
  code: 'unused-suppression',
  defaultSeverity: 'warning',
  summary:
    'A `// tool-schema-lens-disable-next-line` comment suppresses nothing on the next line: the finding it named is gone, or it names a code or rule that is not reported there.',
  messages: {},
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  example:
    '“This tool-schema-lens-disable-next-line names `union-kept`, which is not reported on the next line (reported there: codex/format); remove the comment or name what it should silence.” On the comment; not reported in a file that did not evaluate.',
  when: 'a `// tool-schema-lens-disable-next-line` comment silences nothing on the next line (not reported in a file that did not evaluate)',
  where: 'the comment',
};
