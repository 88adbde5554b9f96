// Mechanical fixes planned from a finding and its text (server/pipeline/fixes): the edit the message asks for, or none.
import { describe, expect, it } from 'vitest';
import { plannedFixes, type Diagnostic, type ToolReport } from '../../server/pipeline';
import { offsetAt } from '../../server/pipeline/fixes/positions';
import { shortName } from '../../server/pipeline/fixes/shortToolName';

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
  it.each([
    ['type-array', 'const shape = { note: z.string().nullable() };'],
    ['null-type', "const shape = {\n  note: z.string().nullable().describe('what to say'),\n};"],
  ])('%s on `nullable()` ending a key: the call becomes `optional()`', (rule, text) => {
    const d = findingOn(text, 'nullable()', rule);
    const [fix] = plannedFixes(d, () => text);
    expect(fix).toEqual({ title: 'Replace `.nullable()` with `.optional()`', edits: [{ file, range: d.range, newText: 'optional()' }] });
  });

  it.each([
    ['a schema built elsewhere', 'const shape = { note: NullableNote };', 'NullableNote'],
    ['the factory z.nullable(x)', 'const shape = { note: z.nullable(z.string()) };', 'nullable(z.string())'],
    ['an array item, where optional means something else', 'const shape = { notes: z.array(z.string().nullable()) };', 'nullable()'],
    ['a chain that goes on with a null default', 'const shape = { note: z.string().nullable().default(null) };', 'nullable()'],
  ])('plans nothing for %s', (_, text, needle) => {
    expect(plannedFixes(findingOn(text, needle, 'type-array'), () => text)).toEqual([]);
  });

  it('plans nothing for another rule', () => {
    const text = 'const shape = { note: z.string().nullable() };';
    expect(plannedFixes(findingOn(text, 'nullable()', 'const'), () => text)).toEqual([]);
  });
});

describe('a tool name too long for a client', () => {
  const long = 'schedule_recurring_reminder_for_every_member_of_the_selected_team';
  const text = [
    `server.registerTool('${long}', { inputSchema: {} }, run);`,
    `server.registerTool('set_reminder', { inputSchema: {} }, run);`,
    `export const NAMES = ["${long}", 'set_reminder'];`,
    `const other = '${long}_x';`,
  ].join('\n');
  const tools = [
    { id: 'a', name: long, location: { file, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } } },
    { id: 'b', name: 'set_reminder', location: { file, range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } } } },
  ] as unknown as ToolReport[];

  it('renames the literal at the registration and every equal literal in the file, within every target limit', () => {
    const d = findingOn(text, `'${long}'`, 'name-length', { tool: long, toolId: 'a', targets: ['claude-code', 'gemini'] });
    const [fix] = plannedFixes(d, () => text, tools);
    const short = /to `(.+)`$/.exec(fix.title)![1];
    expect(fix.title).toBe(`Rename tool \`${long}\` to \`${short}\``);
    // Claude Code says `mcp__server__<name>` (the server unnamed here) within 64 characters.
    expect(`mcp__server__${short}`.length).toBeLessThanOrEqual(64);
    expect(short).toMatch(/^schedule_[a-z_]+$/);
    expect(fix.edits.map((e) => [e.range.start.line, e.newText])).toEqual([
      [0, `'${short}'`],
      [2, `"${short}"`],
    ]);
  });

  it('never takes the name of another tool, and plans nothing where the name is not written as a literal there', () => {
    // Each word keeps the separator written before it.
    expect(shortName('fetch-the-latest-report', (n) => n.length <= 15)).toBe('fetch-ltst-rprt');
    expect(shortName('get_the_task', (n) => n.length <= 8)).toBe('get_task');
    expect(shortName('get_the_task', (n) => n.length <= 8 && n !== 'get_task')).toBe('get_tsk');
    const built = 'server.registerTool(NAME, { inputSchema: {} }, run);';
    const d = findingOn(built, 'NAME', 'name-length', { tool: long, toolId: 'a', targets: ['gemini'] });
    expect(plannedFixes(d, () => built, [])).toEqual([]);
  });
});

describe('a recursive schema a client refuses as a $ref', () => {
  const recursive = [
    "import { z } from 'zod';",
    'interface Step { title: string; steps: Step[] }',
    'const Step: z.ZodType<Step> = z.lazy(() => z.object({ title: z.string(), steps: z.array(Step) }));',
    'export const input = { plan: Step };',
  ].join('\n');
  /** The tool the finding is on, as built with `zod`. */
  const built = (zod: string) => [{ id: 'plan', name: 'plan_steps', shipped: { zodVersion: zod } }] as unknown as ToolReport[];
  const lazyOf = (text: string, rule: string) => findingOn(text, 'z.lazy', rule, { toolId: 'plan' });

  it.each(['ref', 'ref-recursive'])('%s at the z.lazy: a function builds it 3 levels deep, any value below', (rule) => {
    const [fix] = plannedFixes(lazyOf(recursive, rule), () => recursive, built('4.1.12'));
    expect(fix.title).toBe('Inline the recursive schema 3 levels deep');
    const fixed = [...fix.edits].reverse().reduce((t, e) => t.slice(0, offsetAt(t, e.range.start)) + e.newText + t.slice(offsetAt(t, e.range.end)), recursive);
    expect(fixed).toContain('const Step: z.ZodType<Step> = stepToDepth(3);');
    expect(fixed).toContain('function stepToDepth(depth: number): z.ZodType<Step> {');
    expect(fixed).toContain('return z.object({ title: z.string(), steps: z.array(depth > 1 ? stepToDepth(depth - 1) : z.any()) });');
    expect(fixed).toContain('export const input = { plan: Step };');
  });

  it.each([
    ['no self-reference', 'const Step: z.ZodType<Step> = z.lazy(() => z.object({ title: z.string() }));'],
    ['a name declared after it', 'const Step: z.ZodType<Step> = z.lazy(() => z.object({ steps: z.array(Step), by: Owner }));\nconst Owner = z.string();'],
    ['a chain on the lazy', 'const Step: z.ZodType<Step> = z.lazy(() => z.object({ steps: z.array(Step) })).describe("a step");'],
    ['no type on the constant', 'const Step = z.lazy(() => z.object({ steps: z.array(Step) }));'],
  ])('plans nothing for %s', (_, text) => {
    expect(plannedFixes(lazyOf(text, 'ref-recursive'), () => text, built('4.1.12'))).toEqual([]);
  });

  it("plans nothing for a tool built with zod 3, whose converter would write the levels' shared schemas as $refs", () => {
    expect(plannedFixes(lazyOf(recursive, 'ref-recursive'), () => recursive, built('3.25.76'))).toEqual([]);
    expect(plannedFixes(lazyOf(recursive, 'ref-recursive'), () => recursive, [])).toEqual([]);
  });
});
