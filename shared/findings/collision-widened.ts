/** `collision-widened`: A key declared by two or more variants is advertised as `unknown` (or its bare JSON type, with `collisionWidening: base-type`): different shapes, or checks that may differ between variants. */
import type { DroppedKeyword, KeywordDiff } from '../flatten/shapeDiff';
import { defineFinding, type FindingDocs } from './define';
import { droppedWords, key, keywordDiffText, lead, listWords, quoted, seenAs, withArticle, type Who } from './wording';

export const collisionWidened = defineFinding({
  code: 'collision-widened',
  defaultSeverity: 'warning',
  summary:
    'A key declared by two or more variants is advertised as `unknown` (or its bare JSON type, with `collisionWidening: base-type`): different shapes, or checks that may differ between variants.',
  messages: {
    collisionShapes(
      tool: Who,
      path: string[],
      variants: Array<{ label: string; shape: string }>,
      as = 'unknown',
      diffs: KeywordDiff[] = [],
      dropped: ReadonlyArray<{ label: string; keywords: DroppedKeyword[] }> = [],
    ): string {
      // What the model sees and what to do first; why (which variants, what differs, what is dropped) after.
      const what = lead(tool, `the model sees ${key(path)} as ${seenAs(as)}; rename it in one variant.`);
      const drops = droppedWords(dropped);
      const shipped = drops ? ` It ships ${drops.replace(/^, /, '')}.` : '';
      const sameType = variants.every((v) => v.shape === variants[0].shape) && variants[0]?.shape !== 'any';
      if (sameType && diffs.length > 0) {
        const both = variants.length === 2 ? 'both' : `all ${variants.length} variants`;
        return `${what} It is ${withArticle(variants[0].shape)} in ${both}, but ${diffs.map(keywordDiffText).join('; ')}.${shipped}`;
      }
      const list = listWords(variants.map((v) => `${quoted(v.label)} (${v.shape})`));
      return `${what} Variants ${list} declare it differently.${shipped}`;
    },
    collisionCheck(tool: Who, path: string[], labels: string[], checks: string[], as = 'unknown'): string {
      return `${lead(tool, `the model sees ${key(path)} as ${seenAs(as)}; rename it in one variant.`)} Variants ${listWords(labels.map(quoted))} share it with a check (${checks.join(', ')}) that may differ between them and that JSON Schema cannot apply per variant.`;
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  example:
    "“Tool send_message: the model sees `content.media` as unknown; rename it in one variant. Variants 'photo' (object) and 'album' (array) declare it differently.” One finding on each declaring variant's key; the quick fix renames it in one variant (`media` → `albumMedia`). Of one JSON type, the message names what differs: “… It is a string in both, but variant shared requires minLength 1 and personal does not.”. A key whose declarations are the same instance, or identical (same checks and parameters, the same refinement functions), is kept as declared and not reported. With `collisionWidening: base-type` a key of one JSON type is advertised as that bare type (“… as a bare string”); with `type-array` every variant's type stays (“… as string or number; … It ships without variant a's format uri and variant b's minimum 0.”, `{\"type\":[\"string\",\"number\"]}`), and what the type array drops is named per variant.",
  when: 'a key that two or more variants declare is advertised as `unknown`: the variants declare it with different shapes, or it carries a check the shared flat field would apply to every variant',
  where: 'the key in each declaring variant, one diagnostic per declaration, each with related information pointing at the others; a rename quick fix',
};
