/**
 * The language server reads the same toolschemalens.config.json as `check` (issue 23, item 4): its mistakes are
 * published on it, a change to it is picked up without a restart, the editor's own settings win over it, and the
 * quick fixes "Turn off … for this project" and "Suppress … on this line" write what the user chose.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { applyEditToDisk, copyFixture, TestClient, uriOf } from './client';

const root = copyFixture('project-config');
const config = path.join(root, 'toolschemalens.config.json');
const server = path.join(root, 'src/server.ts');
let client: TestClient | undefined;
afterAll(() => {
  client?.kill();
  fs.rmSync(root, { recursive: true, force: true });
});

const codexFormat = (d: Diagnostic[]) => d.filter((x) => x.code === 'client-rejects' && String(x.message).includes('Codex'));
const configChanged = () => client!.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(config), type: 2 }] });

describe('the project file in the editor', { timeout: 180_000 }, () => {
  it('is read, published on, re-read on change, overridden by the editor, and written by the quick fixes', async () => {
    client = await TestClient.inProcess({ root, settings: { flattenUnionInput: 'auto' } });
    client.open(server);

    // Its mistakes, on its keys.
    const problems = await client.waitForDiagnostics(config, { match: (d) => d.length === 2 });
    expect(problems.diagnostics.map((d) => [d.range.start.line, d.severity, d.code])).toEqual([
      [5, 2, 'config-invalid'],
      [8, 2, 'config-invalid'],
    ]);
    // codex/format is off there; the one comment that silences nothing is reported.
    const first = await client.waitForDiagnostics(server, { match: (d) => d.some((x) => x.code === 'unused-suppression') });
    expect(codexFormat(first.diagnostics)).toEqual([]);
    expect(first.diagnostics.map((d) => d.code)).toEqual(['unused-suppression']);

    // Emptied on disk: Codex's refusals come back, without a restart.
    let mark = client.diagnostics.length;
    fs.writeFileSync(config, '{}\n');
    configChanged();
    const emptied = await client.waitForDiagnostics(server, { after: mark, match: (d) => codexFormat(d).length === 2 });
    expect(codexFormat(emptied.diagnostics).map((d) => d.range.start.line)).toEqual([7, 26]);
    await client.waitForDiagnostics(config, { after: mark, match: (d) => d.length === 0 });

    // Turn it off for the project from the quick fix: the file gets the rule, and the findings go.
    const refusal = codexFormat(emptied.diagnostics)[1];
    const actions: CodeAction[] = await client.codeActions(server, refusal.range, [refusal]);
    const titles = actions.map((a) => a.title);
    expect(titles).toContain('Turn off `format` for Codex (toolschemalens.config.json)');
    expect(titles).toContain('Suppress `codex/format` on this line');
    applyEditToDisk(actions.find((a) => a.title.startsWith('Turn off `format` for Codex'))!.edit!);
    expect(JSON.parse(fs.readFileSync(config, 'utf8'))).toEqual({ severity: { 'codex/format': 'off' } });
    mark = client.diagnostics.length;
    configChanged();
    await client.waitForDiagnostics(server, { after: mark, match: (d) => codexFormat(d).length === 0 });

    // What the user set in the editor wins over the project file, key by key.
    mark = client.diagnostics.length;
    client.configure({ flattenUnionInput: 'auto', severity: { 'codex/format': 'warning' } });
    const overridden = await client.waitForDiagnostics(server, { after: mark, match: (d) => codexFormat(d).length === 2 });
    expect(codexFormat(overridden.diagnostics).map((d) => d.severity)).toEqual([2, 2]);

    // Suppress on one line: the comment lands above it, indented like it, and silences it.
    const onLine = codexFormat(overridden.diagnostics)[0];
    const again: CodeAction[] = await client.codeActions(server, onLine.range, [onLine]);
    const suppress = again.find((a) => a.title === 'Suppress `codex/format` on this line')!;
    applyEditToDisk(suppress.edit!);
    const lines = fs.readFileSync(server, 'utf8').split('\n');
    expect(lines[onLine.range.start.line]).toBe('  // tool-schema-lens-disable-next-line codex/format');
    mark = client.diagnostics.length;
    client.change(server, lines.join('\n'));
    const suppressed = await client.waitForDiagnostics(server, { after: mark, match: (d) => codexFormat(d).length === 1 });
    expect(codexFormat(suppressed.diagnostics)[0].range.start.line).toBe(27);

    // A tsconfig that does not parse is said on the tsconfig, in the editor as in `check`, and cleared once fixed.
    const tsconfig = path.join(root, 'tsconfig.json');
    const good = fs.readFileSync(tsconfig, 'utf8');
    mark = client.diagnostics.length;
    fs.writeFileSync(tsconfig, good.replace('"strict": true,', '"strict": true'));
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(tsconfig), type: 2 }] });
    const broken = await client.waitForDiagnostics(tsconfig, { after: mark, match: (d) => d.length === 1 });
    expect([broken.diagnostics[0].code, broken.diagnostics[0].severity, broken.diagnostics[0].message]).toEqual([
      'config-invalid',
      1,
      expect.stringMatching(/^tsconfig\.json does not parse: ',' expected; this folder was analysed without it/),
    ]);
    mark = client.diagnostics.length;
    fs.writeFileSync(tsconfig, good);
    client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(tsconfig), type: 2 }] });
    await client.waitForDiagnostics(tsconfig, { after: mark, match: (d) => d.length === 0 });
  });
});
