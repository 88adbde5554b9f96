// Mechanical fixes planned from a finding and its text (server/pipeline/fixes): the edit the message asks for, or none.
import { describe, expect, it } from 'vitest';
import { plannedFixes, type Diagnostic } from '../../server/pipeline';

const file = '/w/src/tools/create-task.ts';

/** A `client-rejects` finding of rule `format` placed on `needle` in `text`. */
function formatFinding(text: string, needle: string, rule = 'format'): Diagnostic {
  const at = text.indexOf(needle);
  const line = text.slice(0, at).split('\n').length - 1;
  const character = at - (text.lastIndexOf('\n', at - 1) + 1);
  return {
    file,
    range: { start: { line, character }, end: { line, character: character + needle.length } },
    severity: 'error',
    code: 'client-rejects',
    rule,
    message: 'Tool create_task: `link` has format "uri" (from `.url()`), so Codex was observed to reject the request',
    path: ['link'],
    related: [],
  } as Diagnostic;
}

describe('a string format a client refuses', () => {
  it.each([
    ['  link: z.string().url(),', 'url()', 'regex(/^https?:\\/\\/\\S+$/)'],
    ['  link: z.url(),', 'url()', 'string().regex(/^https?:\\/\\/\\S+$/)'],
    ['  to: z.string().email(),', 'email()', 'regex(/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/)'],
  ])('%s: the format call becomes the pattern that states it', (text, needle, newText) => {
    const d = formatFinding(text, needle);
    const [fix] = plannedFixes(d, () => text);
    expect(fix.edits).toEqual([{ file, range: d.range, newText }]);
    expect(fix.title).toMatch(/^Replace `\.\w+\(\)` with `\.regex\(/);
  });

  it('plans nothing where the text under the finding is not a format call, or for another rule', () => {
    const text = '  link: Link,';
    expect(plannedFixes(formatFinding(text, 'Link'), () => text)).toEqual([]);
    const url = '  link: z.string().url(),';
    expect(plannedFixes(formatFinding(url, 'url()', 'ref'), () => url)).toEqual([]);
    expect(plannedFixes(formatFinding(url, 'url()'), () => undefined)).toEqual([]);
  });
});

/** A `client-rejects` finding of `rule` on `needle` in `text`, with `extra` (its tool, its targets). */
function findingOn(text: string, needle: string, rule: string, extra: Partial<Diagnostic> = {}): Diagnostic {
  return { ...formatFinding(text, needle, rule), ...extra };
}

describe('a null a client refuses, from .nullable()', () => {
  it.each(['type-array', 'null-type'])('%s on `nullable()`: the call becomes `optional()`', (rule) => {
    const text = '  note: z.string().nullable(),';
    const d = findingOn(text, 'nullable()', rule);
    const [fix] = plannedFixes(d, () => text);
    expect(fix).toEqual({ title: 'Replace `.nullable()` with `.optional()`', edits: [{ file, range: d.range, newText: 'optional()' }] });
  });

  it('plans nothing where the finding is not on a `.nullable()` call', () => {
    const wide = '  note: NullableNote,';
    expect(plannedFixes(findingOn(wide, 'NullableNote', 'type-array'), () => wide)).toEqual([]);
    const factory = '  note: z.nullable(z.string()),';
    expect(plannedFixes(findingOn(factory, 'nullable(z.string())', 'type-array'), () => factory)).toEqual([]);
    const text = '  note: z.string().nullable(),';
    expect(plannedFixes(findingOn(text, 'nullable()', 'const'), () => text)).toEqual([]);
  });
});
