/**
 * "0 tools" never passes CI silently (issue 20, item 6): a workspace that depends on a tool library and yields no
 * tool exits 1 with an error on that dependency saying what ran and what to try; a folder named on the command
 * line is analysed even where its path looks like a test folder.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES, runInProcess } from './runCli';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A workspace depending on the MCP SDK (not installed) whose server sits under tests/. */
function workspace(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'tsl-silent-'));
  made.push(root);
  writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ name: 'silent', private: true, type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2', zod: '^4.0.0' } }, null, 2),
  );
  mkdirSync(path.join(root, 'tests'));
  cpSync(path.join(FIXTURES, 'cli-basic', 'tools.ts'), path.join(root, 'tests', 'tools.ts'));
  return root;
}

describe('no silent pass', { timeout: 120_000 }, () => {
  it('every file excluded as a test: exit 1, at the dependency, saying how to include them', async () => {
    const root = workspace();
    const run = await runInProcess(['check'], { cwd: root });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toContain(
      // Line 6 names the SDK.
      'package.json:6:1 error no-tools-found no tool found in a workspace that depends on @modelcontextprotocol/sdk; name the folder to check (check tests/) or replace the default excludes with --exclude <glob>. No file was checked: every file here is excluded',
    );
  });

  it('a named test folder is analysed; nothing installed: exit 1, saying the files failed to evaluate', async () => {
    const root = workspace();
    const run = await runInProcess(['check', 'tests'], { cwd: root });
    expect(run.stdout).toContain('tests/tools.ts:1:');
    expect(run.stdout).toContain('evaluation-failed');
    expect(run.stdout).toContain(
      'error no-tools-found no tool found in a workspace that depends on @modelcontextprotocol/sdk; fix why its files failed to evaluate. 1 of the 1 files checked failed to evaluate',
    );
    expect(run.code).toBe(1);
  });
});
