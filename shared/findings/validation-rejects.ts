/** `validation-rejects`: A key ships, but its zod rejects every value a model can send there (a z.date() gets a string: JSON has no Date), so every call that sets it fails validation. */
import { defineFinding, type FindingDocs } from './define';
import { lead, key, type Who } from './wording';

export const validationRejects = defineFinding({
  code: 'validation-rejects',
  defaultSeverity: 'error',
  summary:
    'A key ships, but its zod rejects every value a model can send there (a z.date() gets a string: JSON has no Date), so every call that sets it fails validation.',
  messages: {
    jsonRejected(tool: Who, path: string[], site: { what: string; expects: string; sends: string; fix: string }): string {
      const call = site.what.replace(/^an? /, '');
      return lead(
        tool,
        `${path.length === 0 ? 'the input' : key(path)} is ${site.what}, and a model's arguments are JSON, which has no ${site.expects}: it sends ${site.sends} there, which ${call} rejects, so every call that sets ${path.length === 0 ? 'it' : key(path)} fails validation; use ${site.fix}.`,
      );
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  example:
    "“Tool list_builds: `maxTime` is a z.date(), and a model's arguments are JSON, which has no Date: it sends a date-time string there, which z.date() rejects, so every call that sets `maxTime` fails validation; use z.coerce.date() (it parses the string) or z.string().datetime().” A key that ships but whose zod rejects every value JSON can carry: a non-coercing `z.date()` or `z.bigint()`, a `z.map()`, a `z.set()`. Not reported for `z.coerce.date()`, nor where the library revives the string itself (Mastra's `x-date`).",
  when: "a key ships (in the library's answer, else the emulation), but its zod rejects every value a model can send, since JSON has no Date, BigInt, Map or Set: a non-coercing `z.date()` (sent as a date-time string) or `z.bigint()`, a `z.map()`, a `z.set()`; every call that sets the key fails validation. Not for `z.coerce.date()` / `z.coerce.bigint()`, nor where the library marks the key `x-date: true` (Mastra revives the string into a Date before validating); where the tool cannot be mounted at all, `not-mountable` or `list-fails` says so instead",
  where: 'the node (the `z.date()` call, or the reused schema at the key)',
};
