/**
 * Only inputs (issue 9, item 8): an exported schema no recorded tool takes as its input (one used for types, for
 * validation, or as a tool's output schema) is not what a model sees, so it is not reported once the workspace has
 * registrations. A checked folder with no registration at all still shows its exported unions and says so plainly.
 * `--flatten always` so an exported union would have findings of its own if it were judged as one.
 */
import { describe, expect, it } from 'vitest';
import { runInProcess, type CliRun } from './runCli';

function json(run: CliRun): any {
  return JSON.parse(run.stdout);
}

describe('check: exported schemas are reported only as inputs', () => {
  it('a workspace with registrations: the unused export and the output schema are neither tools nor findings', async () => {
    const run = await runInProcess(['check', 'inputs-only/registered', '--format', 'json', '--flatten', 'always']);
    expect(run.stderr).toBe('');
    const out = json(run);
    expect(out.tools.map((t: any) => `${t.file} ${t.name}`)).toEqual(['inputs-only/registered/server.ts get_order']);
    // The output schema is judged as part of its tool (SDK 1.x stamps draft-07 on it), never as a tool of its own.
    expect(out.diagnostics.map((d: any) => `${d.tool} ${d.code} ${d.rule}`)).toEqual(['get_order client-rejects output-dialect']);
  });

  it('no registration at all: the exported union is reported, and the summary says no registration was found', async () => {
    const jsonRun = await runInProcess(['check', 'inputs-only/unregistered', '--format', 'json', '--flatten', 'always']);
    const out = json(jsonRun);
    expect(out.tools.map((t: any) => `${t.file} ${t.name}`)).toEqual(['inputs-only/unregistered/schemas.ts Refund']);
    expect(out.diagnostics.map((d: any) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual([
      'inputs-only/unregistered/schemas.ts:5:44 collision-widened',
      'inputs-only/unregistered/schemas.ts:6:41 collision-widened',
    ]);
    const text = await runInProcess(['check', 'inputs-only/unregistered', '--flatten', 'always']);
    expect(text.stdout).toContain('0 tools found (no registration found; 1 exported schema shown as what a tool may take) in 1 file checked');
  });

  it('both folders checked together: each folder is judged on its own registrations', async () => {
    const out = json(await runInProcess(['check', 'inputs-only/registered', 'inputs-only/unregistered', '--format', 'json', '--flatten', 'always']));
    expect(out.tools.map((t: any) => t.name).sort()).toEqual(['Refund', 'get_order']);
    expect(out.diagnostics.every((d: any) => d.file.startsWith('inputs-only/unregistered/') || d.rule === 'output-dialect')).toBe(true);
  });
});
