// structured-content-missing: a tool with an output schema whose inline handler returns no structuredContent.
import { describe, expect, it } from 'vitest';
import { runCli } from './runCli';

describe('check: structured-content-missing', () => {
  it("is reported at each return the source shows without structuredContent, never at an error result, a helper's or a tool without an output schema", async () => {
    const run = await runCli(['check', 'ship-sdk132-zod46/src/structured.ts', '--format', 'json']);
    const out = JSON.parse(run.stdout);
    const found = out.diagnostics.filter((d: any) => d.code === 'structured-content-missing');
    expect(found.map((d: any) => `${d.tool} ${d.line}:${d.column} ${d.severity}`)).toEqual(['forgets 11:26 error', 'arrow 14:111 error']);
    expect(found[0].message).toContain(
      'so a client\'s callTool fails with MCP error -32600 ("Tool forgets has an output schema but did not return structured content")',
    );
    expect(run.code).toBe(1);
  });
});
