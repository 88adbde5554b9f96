/** Ranges found on one text of a file, moved onto a newer text of it (server/pipeline/assemble/rebase.ts). */
import { describe, expect, it } from 'vitest';
import { textShift } from '../../server/pipeline/assemble/rebase';

function rangeOf(text: string, needle: string) {
  const at = text.indexOf(needle);
  const pos = (o: number) => ({ line: text.slice(0, o).split('\n').length - 1, character: o - (text.lastIndexOf('\n', o - 1) + 1) });
  return { start: pos(at), end: pos(at + needle.length) };
}

function moved(from: string, to: string, needle: string) {
  const map = textShift(from, to)!;
  const r = rangeOf(from, needle);
  return { start: map(r.start, 'start'), end: map(r.end, 'end') };
}

const before = "const a = z.object({\n  kind: z.literal('x'),\n  path: z.string(),\n});\nconst tool = { name: 'move', description: 'Move it' };\n";

describe('textShift', () => {
  it('is nothing to do for the same text', () => {
    expect(textShift(before, before)).toBeUndefined();
  });

  it('moves a range below lines added above, and keeps one above an edit below it', () => {
    const after = `// one\n// two\n${before.replace('Move it', 'Move it somewhere')}`;
    expect(moved(before, after, 'path')).toEqual(rangeOf(after, 'path'));
    expect(moved(before, after, "'move'")).toEqual(rangeOf(after, "'move'"));
  });

  it('follows edits in several places at once, on the same line too', () => {
    const after = before.replace('const a', 'export const a').replace("kind: z.literal('x'), ", '').replace('  path:', '  path2:');
    expect(moved(before, after, 'z.string()')).toEqual(rangeOf(after, 'z.string()'));
    expect(moved(before, after, 'description')).toEqual(rangeOf(after, 'description'));
  });

  it('stretches a range over text replaced inside it, and puts text typed at its end after it', () => {
    const after = before.replace('z.string()', 'z.string().min(1)');
    expect(moved(before, after, 'path: z.string()')).toEqual(rangeOf(after, 'path: z.string()'));
    const inside = before.replace("literal('x')", "literal('xy')");
    expect(moved(before, inside, "z.literal('x')")).toEqual(rangeOf(inside, "z.literal('xy')"));
  });

  it('takes a large rewrite as one replaced span', () => {
    const big = `${'x'.repeat(5000)}\n${before}`;
    const after = `${'y'.repeat(5000)}\n${before}`;
    expect(moved(big, after, 'path')).toEqual(rangeOf(after, 'path'));
  });
});
