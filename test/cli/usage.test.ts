// Bad usage exits 2 with a message on stderr and nothing on stdout; --help and --version exit 0.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, FIXTURES, REPO, runCli, runInProcess } from './runCli';

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
    expect(run.stdout).toContain('--format <format>     text | json | sarif | markdown (default: text)');
  });

  it('prints the help of diff with diff --help', async () => {
    const run = await runInProcess(['diff', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: tool-schema-lens diff <old> <new> \[options\]/);
    expect(run.stdout).toContain('--fail-on-drift <what>');
    expect(run.stdout).not.toContain('--collision-widening');
  });

  it.each([
    [['check', '--bogus'], 'unknown option --bogus'],
    [['check', '--format', 'xml'], '--format must be one of text, json, sarif, markdown (got "xml")'],
    [['check', '--fail-on', 'some'], '--fail-on must be one of error, warning, none (got "some")'],
    [['check', '--fail-on', 'breaking'], '--fail-on is for findings now (error, warning, none); use --fail-on-drift breaking for changes from the baseline'],
    [['check', '--fail-on-drift', 'error'], '--fail-on-drift must be one of breaking, any, none (got "error")'],
    [['diff', 'a.json', 'b.json', '--fail-on', 'none'], 'diff reports changes, not findings: use --fail-on-drift breaking|any|none'],
    [['snapshot', '--baseline', 'x.json'], '--baseline is for check (compare two snapshots with `diff`)'],
    [['check', '-o', 'x.json'], '-o is for snapshot'],
    [['diff', 'a.json'], 'diff takes two snapshot files, the old and the new (got 1)'],
    [['check', '--target', 'draft-4'], '--target must be one of draft-7, draft-2020-12 (got "draft-4")'],
    [['check', '--collision-widening', 'any'], '--collision-widening must be one of unknown, base-type, type-array (got "any")'],
    [['check', '--timeout', 'soon'], '--timeout must be a number of milliseconds, at least 100 (got "soon")'],
    [['check', '--format'], '--format needs a value'],
    [['lint'], 'unknown command "lint" (expected check, snapshot, diff, verify, lsp or mcp)'],
    [['verify', '--provider', 'mistral'], '--provider: unknown provider "mistral" (known: openai, openai-strict, anthropic, gemini, gemini-json)'],
    [['verify', '--model', 'gpt-5'], '--model takes provider=value, the provider one of openai, anthropic, gemini, openai-strict, gemini-json (got "gpt-5")'],
    [['verify', '--base-url', 'openai=localhost:8080'], '--base-url takes api=http(s)://… (got "localhost:8080")'],
    [['verify', '--max-requests', '0'], '--max-requests must be a whole number, at least 1 (got "0")'],
    [['verify', '--format', 'sarif'], '--format for verify must be text or json (got "sarif")'],
    [['verify', '--baseline', 'x.json'], '--baseline is for check (verify reports what the providers answered)'],
    [['lsp'], 'lsp needs a transport: --stdio or --node-ipc'],
    [['mcp', '--http', 'abc'], '--http needs a port number, 0 to 65535 (got "abc")'],
    [['mcp', 'a', 'b'], "mcp serves one folder (got 2); a client's roots inside it are served too"],
    [['mcp', '--bogus'], 'unknown option --bogus for mcp'],
    [['check', 'no/such/dir'], 'no such file or directory: no/such/dir'],
  ])('exits 2 on %j', async (args, message) => {
    const run = await runInProcess(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    // The mistake (and for a command line that does not parse, a pointer to --help), never the whole help.
    expect(run.stderr.split('\n')[0]).toBe(`tool-schema-lens: ${message}`);
    expect(run.stderr).not.toContain('Usage:');
    expect(run.stderr.trimEnd().split('\n').slice(1)).toEqual(args[1] === 'no/such/dir' ? [] : ['Run `tool-schema-lens --help` for the commands and options.']);
  });
});

describe('a failure of the tool itself', () => {
  it('exits 2 with the reason on stderr, never 0: a broken install without its evaluation worker', () => {
    // The bundle alone, inside the repository so its run-time dependency still resolves.
    const dir = path.join(REPO, '.cache', 'broken-install');
    mkdirSync(dir, { recursive: true });
    copyFileSync(CLI, path.join(dir, 'cli.js'));
    copyFileSync(path.join(path.dirname(CLI), 'server.js'), path.join(dir, 'server.js'));
    for (const file of ['tokenizer.js', 'tokenizerRanks.json']) copyFileSync(path.join(path.dirname(CLI), file), path.join(dir, file));
    const run = spawnSync(process.execPath, [path.join(dir, 'cli.js'), 'check', 'cli-basic'], { cwd: FIXTURES, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`tool-schema-lens: internal error: Error: The evaluation worker was not found at ${path.join(dir, 'worker.js')}`);
  });

  it('exits 2 with the reason on stderr: a broken install without its tokenizer', () => {
    const dir = path.join(REPO, '.cache', 'broken-install-tokenizer');
    mkdirSync(dir, { recursive: true });
    for (const file of ['cli.js', 'server.js', 'worker.js', 'loaderHooks.mjs']) copyFileSync(path.join(path.dirname(CLI), file), path.join(dir, file));
    const run = spawnSync(process.execPath, [path.join(dir, 'cli.js'), 'check', 'cli-basic', '--no-cache'], { cwd: FIXTURES, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      `tool-schema-lens: internal error: Error: The tokenizer was not found beside ${path.join(dir, 'server.js')}; reinstall the package`,
    );
  });

  it("exits 2 with the reason on stderr: a broken install with the tokenizer's bundle but not its ranks", () => {
    const dir = path.join(REPO, '.cache', 'broken-install-ranks');
    mkdirSync(dir, { recursive: true });
    rmSync(path.join(dir, 'tokenizerRanks.json'), { force: true });
    for (const file of ['cli.js', 'server.js', 'worker.js', 'loaderHooks.mjs', 'tokenizer.js'])
      copyFileSync(path.join(path.dirname(CLI), file), path.join(dir, file));
    const run = spawnSync(process.execPath, [path.join(dir, 'cli.js'), 'check', 'cli-basic', '--no-cache'], { cwd: FIXTURES, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      `tool-schema-lens: internal error: Error: The tokenizer was not found beside ${path.join(dir, 'server.js')}; reinstall the package`,
    );
  });

  it('exits 2 with the reason on stderr: a broken install without its server bundle', () => {
    const dir = path.join(REPO, '.cache', 'broken-install-launcher');
    mkdirSync(dir, { recursive: true });
    copyFileSync(CLI, path.join(dir, 'cli.js'));
    const run = spawnSync(process.execPath, [path.join(dir, 'cli.js'), '--version'], { cwd: FIXTURES, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`tool-schema-lens: internal error: the server bundle was not found at ${path.join(dir, 'server.js')}; reinstall the package\n`);
  });
});
