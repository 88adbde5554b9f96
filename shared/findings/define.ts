/** What one finding code is, in its own file (`shared/findings/<code>.ts`), like a lint rule. */
import type { Severity } from '../types';

/** A finding code's definition: everything but the check that raises it and the docs' table cells. */
export interface FindingDefinition<Code extends string, Messages extends Record<string, (...args: never[]) => string>> {
  code: Code;
  /** The severity unless the engine lowers it for one case or the user sets another. */
  defaultSeverity: Severity;
  /** One line: SARIF's rule text. */
  summary: string;
  /** Every sentence of it the engine words (the pipeline words the findings it raises itself: `server/pipeline/findings/messages.ts`). */
  messages: Messages;
}

/** What a finding's file says for the README's and docs/surface.md's tables (`npm run docs:findings`). */
export interface FindingDocs {
  /** After the default severity in the tables' default column: where the engine picks another. */
  severityNote?: string;
  /** The README's example: a message as printed, and what else to know. */
  example: string;
  /** docs/surface.md's "when" and "where it points". */
  when: string;
  where: string;
}

/** Declares a finding code; the literal code and the messages' signatures are kept. */
export function defineFinding<const Code extends string, Messages extends Record<string, (...args: never[]) => string>>(
  definition: FindingDefinition<Code, Messages>,
): FindingDefinition<Code, Messages> {
  return definition;
}
