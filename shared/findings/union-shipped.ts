/** `union-shipped`: The tool ships a `oneOf`/`anyOf` as written (warning at the root, information nested); says what flattening would ship and lose. */
import type { RuleId } from '../clients/types';
import { subjectOf } from '../clients/wording';
import { defineFinding, type FindingDocs } from './define';
import { at, key, lead, listWords, lossPhrase, withArticle, type FlattenLoss, type Who } from './wording';

export const unionShipped = defineFinding({
  code: 'union-shipped',
  defaultSeverity: 'warning',
  summary: 'The tool ships a `oneOf`/`anyOf` as written (warning at the root, information nested); says what flattening would ship and lose.',
  messages: {
    /** The sentence a union-shipped message gains: which selected targets flattening would satisfy, and which it would break. */
    flattenVerdicts(
      accepted: readonly string[],
      refused: ReadonlyArray<{ label: string; rule: RuleId; path: string[]; detail: Record<string, string | number>; before: boolean }>,
    ): string {
      const taken = accepted.length > 0 ? `taken by ${listWords(accepted)}` : '';
      const lost = refused.map((r) => `${r.label} (${r.before ? 'now because ' : ''}${subjectOf(r.rule, key(r.path), r.detail, r.path.length === 0)})`);
      const refusedBy = lost.length > 0 ? `refused by ${listWords(lost)}` : '';
      return `Flattened, it would be ${[taken, refusedBy].filter(Boolean).join(' but ')}.`;
    },
    unionShipped(
      tool: Who,
      path: string[],
      keyword: string,
      flattened: { intoObject: boolean; discriminator?: string; losses: FlattenLoss[]; anyOfBy?: string },
    ): string {
      const weak = flattened.anyOfBy
        ? ` ${flattened.anyOfBy.charAt(0).toUpperCase()}${flattened.anyOfBy.slice(1)}: nothing marks \`${flattened.discriminator}\` as the key that picks the variant; zod 4.1.13 and later write a oneOf, which more clients refuse.`
        : '';
      const who = path.length === 0 ? 'several providers refuse' : 'weak models fill badly';
      const ships = `the union at ${at(path)} ships as ${withArticle(keyword)}, which ${who}`;
      if (!flattened.intoObject) {
        const kept = flattened.losses.some((f) => f.code === 'union-kept' && f.path.length === path.length && f.path.every((s, i) => s === path[i]));
        const fix = kept ? 'see why in its related information' : 'use a discriminated union on a string key';
        return lead(tool, `${ships}; ${fix}.${kept ? '' : ' Only those flatten into one object.'}${weak}`);
      }
      const phrases = [...new Set(flattened.losses.map(lossPhrase))];
      const loses = `loses ${phrases.length === 0 ? 'nothing' : listWords(phrases)}`;
      const becomes = flattened.discriminator ? `makes \`${flattened.discriminator}\` an enum and ${loses}` : loses;
      return lead(tool, `${ships}; flatten it into one object. Flattening ${becomes}.${weak}`);
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  severityNote: '(below the root: information)',
  example:
    '“Tool send_message: the union at `content` ships as a oneOf, which weak models fill badly; flatten it into one object. Flattening makes `kind` an enum and loses `content.media` (as unknown).” The flatten losses are its related information. A discriminated union that ships as an anyOf (zod 3 through zod-to-json-schema, zod 4 before 4.1.13) says so, and that zod 4.1.13 and later write a oneOf, which more clients refuse. Where flattening would change what a selected client does, it says so: “Flattened, it would be taken by Gemini (parameters)” or “… refused by Anthropic (strict) (the input schema has 27 optional properties)”.',
  when: 'the tool ships a `oneOf`/`anyOf` as written; the message says what flattening would ship and lose (the losses as related information): one object only for a union the flatten turns into one (a discriminated union on a string key), else that flattening cannot make it one object either (a plain union of a string and a record stays an `anyOf`); a discriminated union written as `anyOf` (zod 3, zod 4 before 4.1.13) says which zod wrote it so; where flattening changes what a selected client does: "Flattened, it would be taken by X but refused by Y (…)"',
  where: 'the union expression',
};
