/**
 * Programs beside the tools (test/fixtures/programs): an MCP client example that needs a key, an agent example
 * importing a package the workspace does not install, a seed script. They are not tool files, so their failing to
 * load is one note in the summary, never a warning each; the server's tools are found as ever. And a folder the
 * user names is checked even when everything in it is a test, as is a file named on the command line.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runInProcess } from './runCli';

const root = path.join(FIXTURES, 'programs');
const json = (stdout: string) =>
  JSON.parse(stdout) as {
    tools: Array<{ name: string }>;
    diagnostics: Array<{ code: string; file: string }>;
    programsNotLoaded?: Array<{ file: string; reason: string }>;
  };

describe('programs that are not tool files', () => {
  it('fail to load without a warning each: one note lists them, with why', async () => {
    const run = await runInProcess(['check', '.', '--format', 'json', '--no-cache'], { cwd: root });
    const report = json(run.stdout);
    expect(report.tools.map((t) => t.name)).toEqual(['add_note']);
    expect(report.diagnostics.filter((d) => d.code === 'evaluation-failed')).toEqual([]);
    expect(report.programsNotLoaded).toEqual([
      { file: 'examples/client.ts', reason: 'Error: Set NOTES_API_KEY to run this example' },
      { file: 'examples/withOpenai.ts', reason: 'Could not resolve "openai-not-installed"' },
    ]);
    expect(run.code).toBe(0);
  });

  it('are named in the text report once, in a note', async () => {
    const run = await runInProcess(['check', '.', '--no-cache'], { cwd: root });
    expect(run.stdout).toMatch(
      /note: 2 programs that register no tools did not load \(an MCP client, an example, a script; not tool files\): examples\/client\.ts \(Error: Set NOTES_API_KEY/,
    );
    expect(run.stdout).not.toMatch(/evaluation-failed/);
  });
});

describe('what the user names is checked', () => {
  it('a test folder: its tests are the files to check', async () => {
    const run = await runInProcess(['check', 'test/integration', '--format', 'json', '--no-cache'], { cwd: root });
    expect(json(run.stdout).tools.map((t) => t.name)).toEqual(['reset_notes']);
  });

  it('a test file named on the command line', async () => {
    const run = await runInProcess(['check', 'test/integration/server.test.ts', '--format', 'json', '--no-cache'], { cwd: root });
    expect(json(run.stdout).tools.map((t) => t.name)).toEqual(['reset_notes']);
  });

  it('but the project checked whole still leaves its tests out', async () => {
    const run = await runInProcess(['check', '.', '--format', 'json', '--no-cache'], { cwd: root });
    expect(json(run.stdout).tools.map((t) => t.name)).not.toContain('reset_notes');
  });
});
