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
        `a discriminated union inside the ${what} at ${at(path)} is not flattened, so the model sees ${withArticle(keyword)} there; move the union out of the ${what}.`,
      );
    },
    notWalkedObjects(tool: Who, path: string[], what: string): string {
      return lead(
        tool,
        `objects or arrays inside the ${what} at ${at(path)} are not walked, so a value the model sends there as a JSON string is not repaired; move them out of the ${what} if models double-serialize them.`,
      );
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  severityNote: '(objects inside: information)',
  example:
    '“Tool send_message: objects or arrays inside the z.lazy at `replyTo` are not walked, so a value the model sends there as a JSON string is not repaired; move them out of the z.lazy if models double-serialize them.”',
  when: 'a discriminated union sits inside a lazy, tuple, map, set, pipe/transform, readonly, catch, promise or brand and keeps its `oneOf`; at severity information: only objects or arrays are inside, so a value sent there as a JSON string is not repaired',
  where: "the member's expression",
};
