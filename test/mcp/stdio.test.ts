/**
 * Our MCP server over stdio, through the SDK's real client (issue 54): the listing, each tool on a fixture, a second
 * call after an edit on disk answered from the incremental state, bad arguments answered as errors, a root outside
 * the folder it was started in refused with the reason, and an agent-shaped loop that turns a refused schema into a
 * clean one by following the fix it is given.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture } from '../lsp/client';
import { call, callError, stdioSession, type Session } from './session';

const root = copyFixture('mcp-agent');
const lookup = path.join(root, 'src/lookup.ts');
const original = fs.readFileSync(lookup, 'utf8');
let session: Session;

beforeAll(async () => {
  session = await stdioSession(root);
});
afterAll(async () => {
  await session?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('tool-schema-lens mcp over stdio', { timeout: 180_000 }, () => {
  it('lists five read-only, closed-world tools with output schemas, and two resources', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['check_tools', 'preview_tool', 'explain_finding', 'diff_tools', 'suggest_fix']);
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false, destructiveHint: false });
      expect(tool.outputSchema?.type).toBe('object');
      // Left out: Claude Desktop refuses every call of a tool whose output schema declares draft-07.
      expect(tool.outputSchema).not.toHaveProperty('$schema');
    }
    const { resources } = await session.client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['tool-schema-lens://config', 'tool-schema-lens://snapshot']);
  });

  it('check_tools reports the refused key at its file:line, with the rule and the fix', async () => {
    const result = await call(session.client, 'check_tools');
    expect(result.summary).toMatchObject({ tools: 1, errors: 1 });
    expect(result.items).toHaveLength(1);
    expect(result.items[0]).toMatchObject({ tool: 'lookup_page', server: 'pages', file: 'src/server.ts', line: 7 });
    expect(result.items[0].findings).toEqual([
      expect.objectContaining({ file: 'src/lookup.ts', line: 4, code: 'client-rejects', rule: 'format', path: 'url', targets: ['codex'] }),
    ]);
    expect(result.items[0].findings[0].fix).toMatch(/regex|drop the format/);
    // Nothing changed since: nothing runs again.
    const again = await call(session.client, 'check_tools');
    expect(again.analysis).toMatchObject({ files: 0, full: false });
    expect(again.items).toEqual(result.items);
  });

  it('preview_tool gives the definition as the library sends it, and what a named client breaks', async () => {
    const result = await call(session.client, 'preview_tool', { name: 'lookup_page', client: 'codex' });
    expect(result).toMatchObject({ name: 'lookup_page', server: 'pages', source: 'library', library: '@modelcontextprotocol/sdk' });
    expect(JSON.parse(result.definitionText)).toEqual(result.definition);
    expect(result.definition.inputSchema.properties.url).toEqual({ type: 'string', format: 'uri' });
    expect(result.client).toMatchObject({ id: 'codex', loads: false });
    expect(result.client.broken).toEqual([expect.objectContaining({ rule: 'format', pointer: '/properties/url' })]);
    expect(result.tokens.total).toBeGreaterThan(0);
  });

  it('explain_finding gives a client rule its evidence and fix, and a code its meaning', async () => {
    const rule = await call(session.client, 'explain_finding', { code: 'codex/format' });
    expect(rule.clientRules).toEqual([expect.objectContaining({ key: 'codex/format', target: 'codex' })]);
    expect(rule.clientRules[0].evidence.confirmed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const code = await call(session.client, 'explain_finding', { code: 'client-rejects' });
    expect(code.finding).toMatchObject({ code: 'client-rejects', defaultSeverity: 'error' });
    expect(await callError(session.client, 'explain_finding', { code: 'no-such-thing' })).toMatch(/^no-such-thing names no finding code/);
  });

  it('suggest_fix plans the editor quick fixes as edits, writing nothing', async () => {
    const before = fs.readFileSync(lookup, 'utf8');
    const result = await call(session.client, 'suggest_fix', { file: 'src/lookup.ts', line: 4 });
    expect(result.findings.map((f: { code: string }) => f.code)).toEqual(['client-rejects']);
    expect(result.advice[0]).toMatch(/regex|drop the format/);
    // The editor's preferred fix first, then the switches.
    expect(result.fixes.map((f: { kind: string }) => f.kind)).toEqual(['edit', 'turn-off', 'suppress']);
    expect(result.fixes[0]).toMatchObject({
      title: 'Replace `.url()` with `.regex(/^https?:\\/\\/\\S+$/)`',
      edits: [{ file: 'src/lookup.ts', startLine: 4, endLine: 4, newText: 'regex(/^https?:\\/\\/\\S+$/)' }],
    });
    expect(result.fixes[2].edits).toEqual([
      { file: 'src/lookup.ts', startLine: 4, startColumn: 1, endLine: 4, endColumn: 1, newText: '  // tool-schema-lens-disable-next-line codex/format\n' },
    ]);
    expect(result.fixes[1]).toMatchObject({ createsFile: true, edits: [{ file: 'toolschemalens.config.json' }] });
    expect(fs.readFileSync(lookup, 'utf8')).toBe(before);
    expect(fs.existsSync(path.join(root, 'toolschemalens.config.json'))).toBe(false);
  });

  it('answers bad arguments with errors and goes on serving', async () => {
    expect(await callError(session.client, 'no_such_tool')).toMatch(/not found/);
    expect(await callError(session.client, 'check_tools', { paths: ['/etc'] })).toMatch(/^\/etc is outside the workspace/);
    expect(await callError(session.client, 'check_tools', { paths: ['../..'] })).toMatch(/outside the workspace/);
    expect(await callError(session.client, 'check_tools', { pageSize: 1_000_000 })).toMatch(/pageSize/);
    expect(await callError(session.client, 'check_tools', { cursor: 'not-a-cursor' })).toMatch(/^This cursor is not one this server gave/);
    expect(await callError(session.client, 'preview_tool', { name: 'nothing_here' })).toMatch(
      /^No tool named nothing_here in this workspace \(its tools: lookup_page\)/,
    );
    expect(await callError(session.client, 'suggest_fix', { file: 'src/server.ts', line: 1 })).toMatch(/^No finding at src\/server.ts:1/);
    expect((await session.client.listTools()).tools).toHaveLength(5);
  });

  it('diff_tools classes drift against the snapshot the resource gave', async () => {
    expect(await callError(session.client, 'diff_tools')).toMatch(/^No snapshot to compare with/);
    const snapshot = await session.client.readResource({ uri: 'tool-schema-lens://snapshot' });
    const text = (snapshot.contents[0] as { text: string }).text;
    expect(JSON.parse(text)).toBeTruthy();
    fs.writeFileSync(path.join(root, 'tools.snapshot.json'), text);
    expect(await call(session.client, 'diff_tools')).toMatchObject({ same: true, breaking: 0 });
    // A new required key: an old caller's arguments are refused.
    fs.writeFileSync(lookup, original.replace('depth: z.number().int().optional(),', 'depth: z.number().int(),'));
    const drift = await call(session.client, 'diff_tools');
    expect(drift).toMatchObject({ same: false, breaking: 1, tools: [expect.objectContaining({ tool: 'lookup_page', class: 'breaking' })] });
    fs.writeFileSync(lookup, original);
    fs.rmSync(path.join(root, 'tools.snapshot.json'));
  });

  it('an agent following the fix turns the refused schema into a clean one, re-running only what changed', async () => {
    const first = await call(session.client, 'check_tools');
    const finding = first.items[0].findings[0];
    expect(finding).toMatchObject({ code: 'client-rejects', rule: 'format' });
    const { advice } = await call(session.client, 'suggest_fix', { file: finding.file, line: finding.line, code: finding.code });
    // The fix says: drop the format. The agent edits the line the finding names.
    expect(advice[0]).toMatch(/drop the format/);
    const file = path.join(root, finding.file);
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines[finding.line - 1] = lines[finding.line - 1].replace('.url()', '');
    fs.writeFileSync(file, lines.join('\n'));
    const second = await call(session.client, 'check_tools');
    expect(second.analysis.full).toBe(false);
    expect(second.analysis.files).toBeGreaterThan(0);
    expect(second.summary).toMatchObject({ tools: 1, errors: 0, warnings: 0 });
    expect(second.items).toEqual([]);
    const preview = await call(session.client, 'preview_tool', { name: 'lookup_page', client: 'codex' });
    expect(preview.client.loads).toBe(true);
    fs.writeFileSync(lookup, original);
  });

  it('reads the project configuration as a resource', async () => {
    fs.writeFileSync(
      path.join(root, 'toolschemalens.config.json'),
      JSON.stringify({ clients: ['claude-code'], evaluation: { env: { API_KEY: 'secret-value' } } }),
    );
    const config = await session.client.readResource({ uri: 'tool-schema-lens://config' });
    const body = JSON.parse((config.contents[0] as { text: string }).text);
    expect(body).toMatchObject({ file: 'toolschemalens.config.json', exists: true, problems: [] });
    expect(body.settings.clients).toEqual(['claude-code']);
    expect(body.settings.evaluation.env).toEqual(['API_KEY']);
    expect(JSON.stringify(body.settings)).not.toContain('secret-value');
    // The configured clients apply on the next call: Codex's rule is no longer judged.
    expect((await call(session.client, 'check_tools')).summary.errors).toBe(0);
    fs.rmSync(path.join(root, 'toolschemalens.config.json'));
    expect((await call(session.client, 'check_tools')).summary.errors).toBe(1);
  });
});

describe('roots the client declares', { timeout: 120_000 }, () => {
  const elsewhere = copyFixture('mcp-agent');
  afterAll(() => fs.rmSync(elsewhere, { recursive: true, force: true }));

  it('a root outside the folder the server was started in is refused with the reason, nothing of it run', async () => {
    const refused = await stdioSession(root, { roots: [elsewhere] });
    try {
      const text = await callError(refused.client, 'check_tools');
      expect(text).toMatch(/^None of the client's roots can be analysed: /);
      expect(text).toContain(`${elsewhere}: it is outside ${root}, the folder this server was started in, and analysing a folder runs its code`);
      expect(text).toContain('--trust-roots');
    } finally {
      await refused.close();
    }
  });

  it('the home folder is not analysed whole, but a project the client declares inside it is', async () => {
    const home = await stdioSession(root, { env: { HOME: root } });
    try {
      const text = await callError(home.client, 'check_tools');
      expect(text).toBe(
        `Nothing can be analysed: ${root}: it is your home folder, not a project: start the server in the project's folder, or name it (\`tool-schema-lens mcp <folder>\`).`,
      );
    } finally {
      await home.close();
    }
    const project = path.join(root, 'src');
    const declared = await stdioSession(root, { env: { HOME: root }, roots: [project] });
    try {
      expect((await call(declared.client, 'check_tools')).workspace).toBe(project);
    } finally {
      await declared.close();
    }
  });

  it('is analysed when the user started the server with --trust-roots', async () => {
    const trusted = await stdioSession(root, { roots: [elsewhere], args: ['--trust-roots'] });
    try {
      const result = await call(trusted.client, 'check_tools');
      expect(result.workspace).toBe(elsewhere);
      expect(result.summary).toMatchObject({ tools: 1, errors: 1 });
    } finally {
      await trusted.close();
    }
  });
});
