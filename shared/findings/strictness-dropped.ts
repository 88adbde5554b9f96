/** `strictness-dropped`: `.strict()` or an object-level refinement is not in the advertised schema; a `.passthrough()`/`.catchall()` variant leaves the flat object open for every variant. */
import { defineFinding, type FindingDocs } from './define';
import { lead, at, quoted, type Who } from './wording';

export const strictnessDropped = defineFinding({
  code: 'strictness-dropped',
  defaultSeverity: 'information',
  summary:
    '`.strict()` or an object-level refinement is not in the advertised schema; a `.passthrough()`/`.catchall()` variant leaves the flat object open for every variant.',
  messages: {
    strictnessDropped(tool: Who, path: string[], label: string, what: string): string {
      return `${lead(tool, `variant ${quoted(label)} at ${at(path)} uses ${what}, which the model cannot see; describe what is allowed, or drop ${what}.`)} The flat object does not carry it; validation still enforces it.`;
    },
    opennessShared(tool: Who, path: string[], label: string, what: string): string {
      return `${lead(tool, `the flat object at ${at(path)} accepts extra keys for every variant; say which variant takes them, or drop ${what}.`)} Variant ${quoted(label)} uses ${what}; validation still applies it to ${quoted(label)} alone.`;
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  example:
    "“Tool schedule_message: variant 'later' at `schedule` uses .strict(), which the model cannot see; describe what is allowed, or drop .strict(). The flat object does not carry it; validation still enforces it.” A `.passthrough()`/`.catchall()` variant instead leaves the flat object open: “… the flat object at `content` accepts extra keys for every variant; say which variant takes them, or drop .passthrough(). …”.",
  when: "a variant's `.strict()`, `.passthrough()` / `.loose()`, `.catchall()` or object-level refinement is not in the flat object the model sees (validation still enforces it)",
  where: 'the call that set it',
};
