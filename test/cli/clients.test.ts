// `check` judges every tool against the clients and providers that will receive it (client-rejects): the built
// CLI on a workspace with a 130-tool server (over VS Code Copilot's 128) and a 60-character tool name (over 64
// once Claude Code prefixes `mcp__web__`), in every output format and with --clients.
import { describe, expect, it } from 'vitest';
import { runInProcess } from './runCli';

const URL_FORMAT =
  'Tool fetch_page: `url` has format "uri" (from `.url()`), so Codex rejects the request; use .regex(...) instead. Codex was observed to reject the request (400 \'uri\' is not a valid format; as of 2026-12-01). Or drop the format.';
const LONG = 'summarise_the_page_at_this_address_and_keep_only_the_facts_x';

describe('check: client-rejects', () => {
  it('names the node, the zod call, every target and the fix, one line per node and rule; exit 1 on a rejected request', async () => {
    const run = await runInProcess(['check', 'cli-clients']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines).toContain(`cli-clients/fetch.ts:10:23 error client-rejects ${URL_FORMAT}`);
    expect(lines).toContain(
      `cli-clients/fetch.ts:17:21 error client-rejects Tool ${LONG}: the tool name is too long once prefixed, so Claude Code and 2 more refuse it; shorten the tool name. Claude Code (as mcp__web__${LONG}, 70 characters, limit 64) and VS Code Copilot (as mcp_web_${LONG}, 68 characters, limit 64) were observed to reject the request (String should have at most 64 characters; as of 2026-12-01). Antigravity (as mcp_web_${LONG}, 68 characters, limit 64) was observed to drop the tool (tool name … violates ^[a-zA-Z0-9_-]{1,64}$; as of 2026-12-01). Or shorten the server name.`,
    );
    expect(lines).toContain(
      'cli-clients/many.ts:7:23 error client-rejects Server big registers 130 tools, so VS Code Copilot and 1 more refuse it; register fewer tools. VS Code Copilot (limit 128) was observed to reject the request (You may not include more than 128 tools in your request; as of 2026-12-01). Cursor (limit 80) was observed to warn about it (warning past 80 tools; as of 2026-12-01; until 2025-09, over a year ago, it was seen to drop the tool). Merge related ones, or let users enable groups of them.',
    );
    expect(lines.filter((l) => l.includes('client-rejects'))).toHaveLength(4);
  });

  it("JSON carries each tool's per-target verdict and each finding's targets and rule", async () => {
    const run = await runInProcess(['check', 'cli-clients', '--format', 'json']);
    const out = JSON.parse(run.stdout);
    const fetch = out.tools.find((t: any) => t.name === 'fetch_page');
    expect(fetch.targets).toEqual([
      { target: 'claude-code', loads: true, broken: [] },
      { target: 'claude-desktop', loads: true, broken: [] },
      { target: 'cursor', loads: false, broken: ['enum-non-string'] },
      { target: 'vscode-copilot', loads: true, broken: [] },
      { target: 'visual-studio-copilot', loads: true, broken: [] },
      { target: 'codex', loads: false, broken: ['format'] },
      { target: 'copilot-cli', loads: false, broken: ['enum-non-string'] },
      { target: 'mcp-sdk-client', loads: true, broken: [] },
      { target: 'gemini-cli', loads: false, broken: ['enum-non-string'] },
      { target: 'antigravity', loads: true, broken: [] },
    ]);
    const op = out.tools.find((t: any) => t.name === 'op_0');
    expect(op.targets.filter((t: any) => !t.loads)).toEqual([
      { target: 'cursor', loads: false, broken: ['tools-per-server'] },
      { target: 'vscode-copilot', loads: false, broken: ['tools-per-server'] },
    ]);
    const url = out.diagnostics.find((d: any) => d.message === URL_FORMAT);
    expect(url).toMatchObject({ code: 'client-rejects', severity: 'error', tool: 'fetch_page', path: 'url', targets: ['codex'], rule: 'format' });
    const server = out.diagnostics.find((d: any) => d.rule === 'tools-per-server');
    expect(server).toMatchObject({ tool: null, targets: ['vscode-copilot', 'cursor'] });
  });

  it('SARIF results carry the targets and the rule as properties', async () => {
    const run = await runInProcess(['check', 'cli-clients', '--format', 'sarif']);
    const results = JSON.parse(run.stdout).runs[0].results.filter((r: any) => r.ruleId === 'client-rejects');
    expect(results).toHaveLength(4);
    expect(results.map((r: any) => r.properties.rule).sort()).toEqual(['enum-non-string', 'format', 'name-length', 'tools-per-server']);
    expect(results.find((r: any) => r.properties.rule === 'name-length').properties.targets).toEqual(['claude-code', 'vscode-copilot', 'antigravity']);
  });

  it('--clients picks the targets: OpenAI strict alone sees the format and the optional key, not the tool count', async () => {
    const out = JSON.parse((await runInProcess(['check', 'cli-clients', '--format', 'json', '--clients', 'openai-strict'])).stdout);
    const rules = out.diagnostics.filter((d: any) => d.code === 'client-rejects').map((d: any) => `${d.tool}:${d.path}:${d.rule}`);
    expect(rules).toContain('fetch_page:url:format');
    expect(rules).toContain('fetch_page:level:strict-required');
    expect(rules.some((r: string) => r.includes('tools-per-server') || r.includes('name-length'))).toBe(false);
    expect(out.diagnostics.every((d: any) => d.code !== 'client-rejects' || d.targets.join() === 'openai-strict')).toBe(true);
  });

  it('--clients with an unknown target is bad usage (exit 2) naming the known ones', async () => {
    const run = await runInProcess(['check', 'cli-clients', '--clients', 'claude-code,netscape']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown target "netscape"');
    expect(run.stderr).toContain('openai-strict');
  });

  it('a recursive schema is one finding per rule at its z.lazy, naming every path that uses it', async () => {
    const run = await runInProcess(['check', 'ship-sdk132-zod46/src/tools.ts', '--format', 'json', '--no-cache']);
    const tree = JSON.parse(run.stdout).diagnostics.filter((d: any) => d.tool === 'tree' && d.code === 'client-rejects');
    expect(tree.map((d: any) => [d.line, d.column, d.rule, d.path])).toEqual([[29, 31, 'ref', 'root']]);
    expect(tree[0].message).toMatch(/^Tool tree: `root` \(and `root\.children\[\*\]`\) is a \$ref, so /);
  });
});
