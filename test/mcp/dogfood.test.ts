/**
 * Dogfood (issue 54): our own MCP server's tools, as the SDK lists them, pass our own `check` with no finding for
 * every default MCP client. The check runs the registration (`registerLensTools`) in its sandbox, asks the SDK what
 * it sends, and judges that.
 */
import { describe, expect, it } from 'vitest';
import { REPO, runCli } from '../cli/runCli';

describe('our MCP server under our own check', { timeout: 180_000 }, () => {
  it('has no finding for the default clients', async () => {
    const run = await runCli(
      ['check', 'server/mcp', '--entry', 'server/mcp/tools/index.ts#registerLensTools', '--format', 'json', '--timeout', '30000', '--no-cache'],
      {
        cwd: REPO,
      },
    );
    const report = JSON.parse(run.stdout) as { tools: Array<{ name: string; tokens: { total: number } }>; diagnostics: unknown[] };
    expect(report.tools.map((t) => t.name).sort()).toEqual(['check_tools', 'diff_tools', 'explain_finding', 'preview_tool', 'suggest_fix']);
    expect(report.diagnostics).toEqual([]);
    expect(run.code).toBe(0);
  });
});
