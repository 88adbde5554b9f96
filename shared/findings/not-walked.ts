/** `not-walked`: A lazy, tuple, map, set, pipe/transform, readonly or catch member is not walked. */
import { defineFinding, type FindingDocs } from './define';
import { lead, withArticle, at, type Who } from './wording';

export const notWalked = defineFinding({
  code: 'not-walked',
  defaultSeverity: 'warning',
  summary: 'A lazy, tuple, map, set, pipe/transform, readonly or catch member is not walked.',
  messages: {
    notWalkedUnion(tool: Who, path: string[], what: string, keyword = 'oneOf'): string {
      return lead(
        tool,
        `the union inside the ${what} at ${at(path)} is not flattened; move it out of the ${what} to flatten it. The model sees ${withArticle(keyword)} there: a ${what} is not walked.`,
      );
    },
    notWalkedObjects(tool: Who, path: string[], what: string): string {
      return lead(
        tool,
        `objects inside the ${what} at ${at(path)} are not walked; move them out of it if models send them as JSON strings. A value sent there as a JSON string is not repaired.`,
      );
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  severityNote: '(objects inside: information)',
  example:
    '“Tool send_message: objects inside the z.lazy at `replyTo` are not walked; move them out of it if models send them as JSON strings. A value sent there as a JSON string is not repaired.”',
  when: 'a discriminated union sits inside a lazy, tuple, map, set, pipe/transform, readonly, catch, promise or brand and keeps its `oneOf`; at severity information: only objects or arrays are inside, so a value sent there as a JSON string is not repaired',
  where: "the member's expression",
};
