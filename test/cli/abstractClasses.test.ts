/**
 * An abstract base class that registers (`installTo(server)` reading members only its subclasses define) is no
 * factory: the program never constructs it, so the check does not either. Its tools are found where a start
 * constructs a subclass; the class checked alone says why it has none, instead of reporting a tool under an
 * undefined name (and paying a typed retry that builds a TypeScript program for it).
 */
import { describe, expect, it } from 'vitest';
import { runInProcess } from './runCli';

const json = (stdout: string) => JSON.parse(stdout);

describe('an abstract class that registers', { timeout: 120_000 }, () => {
  it('is found through the subclass its start constructs, once, at the registration', async () => {
    const run = await runInProcess(['check', 'servers-abstract', '--format', 'json', '--no-cache']);
    const report = json(run.stdout);
    expect(report.tools.map((t: any) => `${t.name} ${t.file}`)).toEqual(['echo_run servers-abstract/src/base.ts']);
    expect(report.typedCalls).toBeUndefined();
    expect(report.diagnostics).toEqual([]);
  });

  it('checked alone is not constructed: no tool under an undefined name, and the finding says where its tools are', async () => {
    const run = await runInProcess(['check', 'servers-abstract/src/base.ts', '--format', 'json', '--no-cache']);
    const report = json(run.stdout);
    expect(report.tools).toEqual([]);
    expect(report.typedCalls).toBeUndefined();
    expect(report.diagnostics.map((d: any) => [d.file, d.code])).toEqual([['servers-abstract/src/base.ts', 'no-tools-found']]);
    expect(report.diagnostics[0].message).toContain('BaseTool is an abstract class: its tools are registered by the subclasses a start constructs');
  });

  it('named as the entry, it is called as the user asked', async () => {
    const run = await runInProcess([
      'check',
      'servers-abstract/src/base.ts',
      '--entry',
      'servers-abstract/src/base.ts#BaseTool',
      '--format',
      'json',
      '--no-cache',
    ]);
    const report = json(run.stdout);
    expect(report.tools.map((t: any) => t.name)).toEqual(['undefined_run']);
  });
});
