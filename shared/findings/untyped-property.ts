/** `untyped-property`: A property of the input is advertised with a description only (or `{}`) and no type: a model may send any JSON value there, e.g. */
import { defineFinding, type FindingDocs } from './define';
import { lead, key, type Who } from './wording';

export const untypedProperty = defineFinding({
  code: 'untyped-property',
  defaultSeverity: 'warning',
  summary:
    'A property of the input is advertised with a description only (or `{}`) and no type: a model may send any JSON value there, e.g. the string "1" where a number is meant (`z.any()`, `z.unknown()`; a key the flatten widened is `collision-widened` instead).',
  messages: {
    untypedProperty(tool: Who, path: string[], described: boolean): string {
      const has = described ? 'a description only' : 'an empty schema';
      return lead(
        tool,
        `${key(path)} has no type, so the model may send any JSON value; give it one (z.string(), z.number(), …). It has ${has}: the string "1" where a number is meant, an object or null reach validation; a z.union of the shapes it takes is a type too.`,
      );
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  example:
    '“Tool render_map: `layers[*].data` has no type, so the model may send any JSON value; give it one (z.string(), z.number(), …). It has a description only: the string "1" where a number is meant, an object or null reach validation; a z.union of the shapes it takes is a type too.” On the key. `z.any()`, `z.unknown()`, a value a library ships as `{}` are found alike; a record\'s values are not properties, and a key the flatten widened to `unknown` is already `collision-widened` at each declaration: neither is reported.',
  when: 'a property of the input as shipped has no type: `{}` or a description alone (`z.any()`, `z.unknown()`), so a model may send any JSON value there; not for a key the flatten widened (already `collision-widened`)',
  where: 'the key',
};
