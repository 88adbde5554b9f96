/**
 * Fixes before switches (issue 51): a finding with a mechanical fix offers it first and preferred, before turning the
 * rule off or suppressing it, and applying it removes the finding on the next run. The workspace is judged for
 * Gemini (which refuses the type list `.nullable()` makes) and Claude Code (which prefixes tool names with the
 * server's, within 64 characters).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { applyTextEdits, copyFixture, TestClient, uriOf } from './client';
import { rangeAt } from './fixture';

const LONG = 'schedule_recurring_reminder_for_every_member_of_the_selected_team';

/** The edits of an action's workspace edit in `file`. */
function editsIn(action: CodeAction, file: string): TextEdit[] {
  return (action.edit!.documentChanges as Array<{ textDocument: { uri: string }; edits: TextEdit[] }>).flatMap((c) =>
    c.textDocument.uri === uriOf(file) ? c.edits : [],
  );
}

const isRule = (d: Diagnostic, rule: string) => d.code === 'client-rejects' && (d.codeDescription?.href ?? '').endsWith(`-${rule}`);

describe('mechanical fixes first and preferred', { timeout: 240_000 }, () => {
  let root: string;
  let client: TestClient;
  let server: string;
  /** The open buffer's text, as the fixes leave it. */
  let buffer: string;

  beforeAll(async () => {
    root = copyFixture('lsp-fixes');
    server = path.join(root, 'src/server.ts');
    client = await TestClient.inProcess({ root, initializationOptions: { debounceMs: 0 } });
    buffer = fs.readFileSync(server, 'utf8');
    client.open(server);
    await client.waitForStatus('idle', 0, 180_000);
  });

  afterAll(() => {
    client?.kill();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  /** The actions on `finding` (in `file`): the fix first and preferred, every switch after it and none preferred. */
  async function actionsOn(finding: Diagnostic, file = server): Promise<CodeAction[]> {
    const actions = await client.codeActions(file, finding.range, [finding]);
    expect(actions[0].isPreferred).toBe(true);
    const firstSwitch = actions.findIndex((a) => a.title.startsWith('Turn off') || a.title.startsWith('Suppress'));
    expect(firstSwitch).toBeGreaterThan(0);
    expect(actions.slice(firstSwitch).every((a) => (a.title.startsWith('Turn off') || a.title.startsWith('Suppress')) && !a.isPreferred)).toBe(true);
    return actions;
  }

  /** Applies the action to server.ts's open buffer and waits for the run of the new text that `gone` holds for. */
  async function apply(action: CodeAction, gone: (ds: Diagnostic[]) => boolean): Promise<Diagnostic[]> {
    buffer = applyTextEdits(buffer, editsIn(action, server));
    const from = client.diagnostics.length;
    const version = client.change(server, buffer);
    return (await client.waitForDiagnostics(server, { version, after: from, match: gone })).diagnostics;
  }

  it('replaces `.nullable()` with `.optional()` where a client refuses the null, and the finding goes', async () => {
    const at = rangeAt(server, 'nullable()');
    const published = client.publishedFor(server).at(-1)!.diagnostics;
    const finding = published.find((d) => isRule(d, 'type-array'))!;
    expect(finding.range).toEqual(at);
    const actions = await actionsOn(finding);
    expect(actions[0].title).toBe('Replace `.nullable()` with `.optional()`');
    expect(editsIn(actions[0], server)).toEqual([{ range: at, newText: 'optional()' }]);
    const after = await apply(actions[0], (ds) => !ds.some((d) => isRule(d, 'type-array')));
    expect(after.filter((d) => d.range.start.line === at.start.line)).toEqual([]);
    expect(buffer).toContain('note: z.string().optional()');
  });

  it('renames a tool whose name is too long, at its registration and where the file lists it, and the finding goes', async () => {
    const published = client.publishedFor(server).at(-1)!.diagnostics;
    const finding = published.find((d) => isRule(d, 'name-length'))!;
    expect(finding.range).toEqual(rangeAt(server, `'${LONG}'`));
    const actions = await actionsOn(finding);
    const renamed = /^Rename tool `(\w+)` to `(\w+)`$/.exec(actions[0].title);
    expect(renamed?.[1]).toBe(LONG);
    const short = renamed![2];
    // Claude Code names it mcp__lsp-fixes__<tool>, within 64 characters.
    expect(`mcp__lsp-fixes__${short}`.length).toBeLessThanOrEqual(64);
    expect(editsIn(actions[0], server).map((e) => e.newText)).toEqual([`'${short}'`, `'${short}'`]);
    const after = await apply(actions[0], (ds) => !ds.some((d) => isRule(d, 'name-length')));
    expect(after.some((d) => isRule(d, 'name-length'))).toBe(false);
    expect(buffer).not.toContain(LONG);
    expect(buffer).toContain(`export const TOOL_NAMES = ['set_reminder', '${short}'];`);
    const listed: Array<{ name: string }> = await client.request('toolSchemaLens/listTools', {});
    expect(listed.map((t) => t.name).sort()).toEqual(['plan_steps', short, 'set_reminder'].sort());
  });

  it('writes a recursive z.lazy out 3 levels deep where a client refuses its $ref; the finding goes, the file type-checks', async () => {
    const plan = path.join(root, 'src/plan.ts');
    client.open(plan);
    const published = await client.waitForDiagnostics(plan, { match: (ds) => ds.some((d) => isRule(d, 'ref')) });
    const finding = published.diagnostics.find((d) => isRule(d, 'ref'))!;
    expect(finding.range.start).toEqual(rangeAt(plan, 'z.lazy').start);
    const actions = await actionsOn(finding, plan);
    expect(actions[0].title).toBe('Inline the recursive schema 3 levels deep');
    const fixed = applyTextEdits(fs.readFileSync(plan, 'utf8'), editsIn(actions[0], plan));
    expect(fixed).toContain('const Step: z.ZodType<Step> = stepToDepth(3);');
    const from = client.diagnostics.length;
    const version = client.change(plan, fixed);
    const after = await client.waitForDiagnostics(plan, { version, after: from, match: (ds) => !ds.some((d) => isRule(d, 'ref')) });
    expect(after.diagnostics.filter((d) => d.code === 'client-rejects' && !isRule(d, 'schema-keyword'))).toEqual([]);

    // What the user saves still compiles, against the workspace's own zod types.
    fs.writeFileSync(plan, fixed);
    const program = ts.createProgram([plan], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
    });
    expect(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
  });
});
