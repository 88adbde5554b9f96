/**
 * A low-level `Server` lists what its `tools/list` handler answers (issue 20, item 2): every tool is found, as a
 * real client that declares every capability receives it (a tool offered only to clients that can sample
 * included), each traced back to the zod schema the workspace converted (`z.toJSONSchema`, `zodToJsonSchema`) so
 * findings land on the declarations; a tool served as plain JSON Schema is still judged.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runInProcess } from './runCli';
import { referenceList } from './support/referenceList';

const root = path.join(FIXTURES, 'served-tools');

describe('tools a low-level server answers', { timeout: 120_000 }, () => {
  it('are found, byte-identical to a real client, with findings at their declarations', async () => {
    const run = await runInProcess(['check', '.', '--format', 'json'], { cwd: root, timeoutMs: 100_000 });
    expect(run.signal, run.stderr).toBeUndefined();
    const report = JSON.parse(run.stdout) as {
      tools: Array<{ name: string; definition?: unknown; source?: string }>;
      diagnostics: Array<{ line: number; column: number; code: string; tool?: string; message: string }>;
    };
    const reference = await referenceList(root, 'src/server.ts', 'server', { roots: { listChanged: true }, sampling: {}, elicitation: {} });
    expect(report.tools.map((t) => t.name).sort()).toEqual(['fetch_page', 'ping', 'search', 'summarize']);
    for (const tool of reference) {
      const name = (tool as { name: string }).name;
      expect(JSON.stringify(report.tools.find((t) => t.name === name)?.definition), name).toBe(JSON.stringify(tool));
    }
    // The union inside the schema z.toJSONSchema converted, at its declaration; the zod 3 `.url()` behind
    // zodToJsonSchema, at its call; the plain JSON Schema's format, at the tool's entry in the handler.
    expect(report.diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.tool}`)).toEqual([
      '9:11 union-shipped search',
      '11:48 client-rejects fetch_page',
      '19:13 client-rejects ping',
    ]);
    // Worded for what was written: zod's call and fix where zod is behind it, JSON Schema's where none is.
    const message = (tool: string) => report.diagnostics.find((d) => d.tool === tool && d.code === 'client-rejects')?.message ?? '';
    expect(message('fetch_page')).toContain('(from `.url()`)');
    expect(message('ping')).not.toContain('.url()');
    expect(message('ping')).toMatch(/, so Codex rejects the request; drop "format": "uri" \(say it in the description, or use a pattern\)\. /);
  });
});

describe('a low-level server whose tools/list handler fails (served-fetching)', () => {
  it('says so at the server, with the connection the check refused while it listed, never a silent 0 tools', async () => {
    const run = await runInProcess(['check', 'served-fetching', '--format', 'json']);
    const report = JSON.parse(run.stdout) as { tools: unknown[]; diagnostics: Array<{ file: string; line: number; code: string; message: string }> };
    expect(report.tools).toEqual([]);
    expect(report.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([
      'served-fetching/package.json:6 no-tools-found',
      'served-fetching/src/index.ts:10 evaluation-refused',
      'served-fetching/src/index.ts:15 evaluation-failed',
    ]);
    const [workspace, , failed] = report.diagnostics;
    expect(failed.message).toBe(
      "its server's tools/list handler failed, so a client gets the error instead of any tool; fix the handler's error. MCP error -32603: fetch failed (the check refused its connection to 203.0.113.7:443 while it listed: stub the module that connects with toolSchemaLens.evaluation.stubs or check --stub).",
    );
    // Named in two of its package.json's fields, the library is still named once.
    expect(workspace.message).toMatch(
      /^no tool found in a workspace that depends on @modelcontextprotocol\/sdk; fix why its files failed to evaluate\. 1 of the 1 files checked failed/,
    );
  });
});
