// structured-content-missing: a tool with an output schema whose inline handler returns no structuredContent.
import { describe, expect, it } from 'vitest';
import { runInProcess } from './runCli';

describe('check: structured-content-missing', () => {
  it("is reported at each return the source shows without structuredContent, never at an error result, a helper's or a tool without an output schema", async () => {
    const run = await runInProcess(['check', 'ship-sdk132-zod46/src/structured.ts', '--format', 'json']);
    const out = JSON.parse(run.stdout);
    const found = out.diagnostics.filter((d: any) => d.code === 'structured-content-missing');
    expect(found.map((d: any) => `${d.tool} ${d.line}:${d.column} ${d.severity}`)).toEqual(['forgets 11:26 error', 'arrow 14:111 error']);
    expect(found[0].message).toContain(
      'the SDK\'s client fails with MCP error -32600 ("Tool forgets has an output schema but did not return structured content")',
    );
    expect(run.code).toBe(1);
  });

  it('an output that is not an object: SDK 1.x sends no output schema, so a schema-dropped warning and no output tokens', async () => {
    const out = JSON.parse((await runInProcess(['check', 'ship-sdk132-zod46/src/structured.ts', '--format', 'json'])).stdout);
    const listing = out.tools.find((t: any) => t.name === 'listing');
    expect([listing.definition.outputSchema, listing.tokens.output]).toEqual([undefined, undefined]);
    const dropped = out.diagnostics.filter((d: any) => d.tool === 'listing' && d.code === 'schema-dropped');
    expect(dropped.map((d: any) => [d.severity, d.message])).toEqual([
      [
        'warning',
        'Tool listing: no output schema is sent, so clients never see the shape of its results; wrap the output in z.object({ ... }). @modelcontextprotocol/sdk 1.32.2 sends none for an array, not an object, and does not check its structuredContent.',
      ],
    ]);
    expect(out.tools.find((t: any) => t.name === 'arrow').tokens.output).toBeGreaterThan(0);
  });
});
