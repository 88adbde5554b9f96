/** `verdict-drift`: A provider's own answer to a tool (`tool-schema-lens verify`) disagrees with what its profile predicts. */
import { defineFinding, type FindingDocs } from './define';
import { lead, listWords, type Who } from './wording';

/** One provider's answer, as `verify` recorded it. */
export interface VerifiedAnswer {
  /** The provider's label (`OpenAI (strict)`). */
  label: string;
  model: string;
  /** The day it answered (ISO date). */
  date: string;
  /** Its error, as it wrote it, for a refusal. */
  error?: string;
}

export const verdictDrift = defineFinding({
  code: 'verdict-drift',
  defaultSeverity: 'error',
  summary: "A provider's own answer to a tool (`tool-schema-lens verify`) disagrees with what its profile predicts.",
  messages: {
    /** Refused by the provider, where no rule of its profile predicts it: the tool breaks a request and nothing said so. */
    refusedUnpredicted(tool: Who, answer: VerifiedAnswer): string {
      return lead(
        tool,
        `${answer.label} refused it, where its profile predicts it loads; change the schema, and report the refusal so the profile learns it. ${answer.label} said (${answer.model}, verified ${answer.date}): "${answer.error ?? 'no message'}".`,
      );
    },
    /** Accepted by the provider, where its profile predicts a refusal: the rule may be out of date. */
    acceptedDespite(tool: Who, answer: VerifiedAnswer, rules: readonly string[]): string {
      const named = listWords(rules.map((r) => `\`${r}\``));
      return lead(
        tool,
        `${answer.label} accepted it, where its profile predicts a refusal (${named}); report it, as the rule may be out of date. Verified ${answer.date} with ${answer.model}.`,
      );
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  severityNote: '(accepted where a refusal was predicted: warning)',
  example:
    '“Tool set_volume: Anthropic refused it, where its profile predicts it loads; change the schema, and report the refusal so the profile learns it. Anthropic said (claude-haiku-4-5, verified 2026-12-07): "tools.0.custom: For \'integer\' type, properties maximum, minimum are not supported".” · “Tool run_operations: OpenAI (strict) accepted it, where its profile predicts a refusal (`one-of`); report it, as the rule may be out of date. Verified 2026-12-07 with gpt-4.1-mini.” From `verify`, and from its stored answers (`toolschemalens.verified.json`) until the tool changes.',
  when: "a provider's answer to a tool (`verify`, kept in toolschemalens.verified.json until the tool changes) disagrees with its profile's prediction",
  where: "the tool's registration",
};
