/** `strictness-dropped`: `.strict()` or an object-level refinement is not in the advertised schema; a `.passthrough()`/`.catchall()` variant leaves the flat object open for every variant. */
import { defineFinding, type FindingDocs } from './define';
import { lead, at, type Who } from './wording';

export const strictnessDropped = defineFinding({
  code: 'strictness-dropped',
  defaultSeverity: 'information',
  summary:
    '`.strict()` or an object-level refinement is not in the advertised schema; a `.passthrough()`/`.catchall()` variant leaves the flat object open for every variant.',
  messages: {
    strictnessDropped(tool: Who, path: string[], label: string, what: string): string {
      return lead(
        tool,
        `variant ${label} of the discriminated union at ${at(path)} uses ${what}, which the flat object the model sees does not carry (validation still enforces it); say what is allowed in a description, or drop ${what}.`,
      );
    },
    opennessShared(tool: Who, path: string[], label: string, what: string): string {
      return lead(
        tool,
        `variant ${label} of the discriminated union at ${at(path)} uses ${what}, so the flat object the model sees accepts extra keys for every variant (validation still applies ${what} to ${label} alone); say in a description which variant takes extra keys, or drop ${what}.`,
      );
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  example:
    '“Tool schedule_message: variant later of the discriminated union at `schedule` uses .strict(), which the flat object the model sees does not carry (validation still enforces it); say what is allowed in a description, or drop .strict().” A `.passthrough()`/`.catchall()` variant instead leaves the flat object open: “… uses .passthrough(), so the flat object the model sees accepts extra keys for every variant …”.',
  when: "a variant's `.strict()`, `.passthrough()` / `.loose()`, `.catchall()` or object-level refinement is not in the flat object the model sees (validation still enforces it)",
  where: 'the call that set it',
};
