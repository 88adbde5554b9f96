// Bad usage exits 2 with a message on stderr and nothing on stdout; --help and --version exit 0.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, REPO, runCli } from './runCli';

beforeAll(() => ensureBuilt());

describe('tool-schema-lens usage', () => {
  it('prints the version from package.json', async () => {
    const { version } = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'));
    const run = await runCli(['--version']);
    expect(run).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('prints the usage with --help', async () => {
    const run = await runCli(['check', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: tool-schema-lens <command> \[options\]/);
    expect(run.stdout).toContain('--format <format>     text | json | sarif (default: text)');
  });

  it.each([
    [['check', '--bogus'], 'unknown option --bogus'],
    [['check', '--format', 'xml'], '--format must be one of text, json, sarif (got "xml")'],
    [['check', '--target', 'draft-4'], '--target must be one of draft-7, draft-2020-12 (got "draft-4")'],
    [['check', '--timeout', 'soon'], '--timeout must be a number of milliseconds, at least 100 (got "soon")'],
    [['check', '--format'], '--format needs a value'],
    [['lint'], 'unknown command "lint" (expected check or lsp)'],
    [['lsp'], 'lsp needs a transport: --stdio or --node-ipc'],
    [['check', 'no/such/dir'], 'no such file or directory: no/such/dir'],
  ])('exits 2 on %j', async (args, message) => {
    const run = await runCli(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toBe(`tool-schema-lens: ${message}`);
  });
});
