/**
 * The wire as sent (issue 50): a low-level server that answers hand-written JSON Schema is judged on the
 * `tools/list` result as it arrives, before the SDK's own client parses it. A list that client refuses is a verdict
 * on the tool and path it refuses, naming every client that loses the server's whole list, never the first line of
 * the client's error dump; root `allOf`, `if`/`then` and `not` are found and judged for each client.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runInProcess } from './runCli';

const root = path.join(FIXTURES, 'served-wire');

describe('a low-level server judged on the tools/list it sends (served-wire)', { timeout: 120_000 }, () => {
  it("finds every tool the SDK's client refuses to parse, and names the tool, the path and who loses the list", async () => {
    const run = await runInProcess(['check', '.', '--format', 'json'], { cwd: root, timeoutMs: 100_000 });
    expect(run.signal, run.stderr).toBeUndefined();
    const report = JSON.parse(run.stdout) as {
      tools: Array<{ name: string; definition?: { inputSchema?: Record<string, unknown> } }>;
      diagnostics: Array<{ line: number; code: string; tool?: string; rule?: string; targets?: string[]; message: string }>;
    };
    expect(report.tools.map((t) => t.name).sort()).toEqual(['exclude', 'lookup', 'ping', 'resize']);
    // The bytes as sent: the null the client would not parse is kept.
    expect(report.tools.find((t) => t.name === 'lookup')?.definition?.inputSchema?.required).toBeNull();
    expect(report.diagnostics.map((d) => `${d.line} ${d.code} ${d.tool} ${d.rule} ${d.targets?.join(',')}`)).toEqual([
      '9 client-rejects lookup required-array claude-code,mcp-sdk-client',
      '11 client-rejects resize root-combinator claude-desktop,cursor,codex,claude-code,vscode-copilot',
      '19 client-rejects exclude root-combinator codex',
    ]);
    expect(report.diagnostics.some((d) => d.code === 'evaluation-failed')).toBe(false);
    expect(report.diagnostics[0].message).toBe(
      'Tool lookup: the input schema has "required": null, not an array of names, so Claude Code and 1 more drop every tool of the server; make "required" an array of property names, or leave it out. Claude Code was observed to drop every tool of the server (all tools of the server rejected, reported as an authentication failure; as of 2026-12-07). The MCP TypeScript SDK client drops every tool of the server (tools[n].inputSchema.required: Invalid input: expected array, received null).',
    );
    expect(report.diagnostics[2].message).toMatch(
      /; drop the root's not: check that condition in the handler and say it in the description\. .*Codex was observed to reject the request /,
    );
  });
});
