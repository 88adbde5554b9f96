/**
 * The pre-commit hooks (issues 25, 52): each hook's entry is a command this CLI accepts, and pre-commit's own install
 * path works: pre-commit clones this repository at a commit into its own store, and in a project that does not install
 * the package the hooks build the CLI once there and run. Where pre-commit is not installed (Debian's
 * `pre-commit` package, or PyPI's), that test is skipped and says so.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { load } from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../server/cli/args';
import { FIXTURES, REPO } from './runCli';

interface Hook {
  id: string;
  entry: string;
  language: string;
  pass_filenames: boolean;
}
const hooks = load(fs.readFileSync(path.join(REPO, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];
const preCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
const NO_PRE_COMMIT = 'pre-commit is not installed (apt-get install pre-commit, or pip install pre-commit)';

const temp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-pre-commit-')));
// pre-commit's store holds a clone with its installed dependencies: removing it takes a while on a busy disk.
afterAll(() => fs.promises.rm(temp, { recursive: true, force: true }), 600_000);

describe('.pre-commit-hooks.yaml', () => {
  it('has hooks whose entries run a command the CLI accepts from the hook checkout, once per commit', () => {
    expect(hooks.map((h) => h.id)).toEqual(['tool-schema-lens', 'tool-schema-lens-snapshot']);
    for (const hook of hooks) {
      const [script, ...args] = hook.entry.split(/\s+/);
      expect(script).toBe('action/preCommit.mjs');
      expect(fs.statSync(path.join(REPO, script)).mode & 0o111, 'executable').not.toBe(0);
      expect(parseArgs(args).kind).toBe('check');
      expect([hook.language, hook.pass_filenames]).toEqual(['script', false]);
    }
    // The snapshot hook is the drift gate alone: a finding does not fail it.
    expect(parseArgs(hooks[1].entry.split(/\s+/).slice(1))).toMatchObject({ failOn: 'none', failOnDrift: 'breaking' });
  });
});

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe("pre-commit's install path, on this repository", { timeout: 900_000 }, () => {
  it('clones the hook repository, builds the CLI once in its checkout, and runs both hooks in a project without the package', async (ctx) => {
    if (preCommit.status !== 0) ctx.skip(NO_PRE_COMMIT);
    const env = {
      ...process.env,
      PRE_COMMIT_HOME: path.join(temp, 'pre-commit-home'),
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
    };
    const git = async (cwd: string, ...args: string[]) => expect((await run('git', args, cwd, env)).code).toBe(0);

    // The hook repository at one commit, as a user's `rev:` names it: this checkout's files (tests aside), committed.
    const hooksRepo = path.join(temp, 'hooks-repo');
    const files = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' })
      .stdout.split('\n')
      .filter((f) => f && !/^(test|corpus|bench)\//.test(f) && fs.existsSync(path.join(REPO, f)));
    for (const file of files) {
      fs.mkdirSync(path.dirname(path.join(hooksRepo, file)), { recursive: true });
      fs.copyFileSync(path.join(REPO, file), path.join(hooksRepo, file));
      fs.chmodSync(path.join(hooksRepo, file), fs.statSync(path.join(REPO, file)).mode);
    }
    await git(hooksRepo, 'init', '-q');
    await git(hooksRepo, 'add', '-A');
    await git(hooksRepo, 'commit', '-qm', 'hooks');
    const rev = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: hooksRepo, encoding: 'utf8' }).stdout.trim();

    // A project that does not install tool-schema-lens, with a snapshot of its tools, then a change that breaks callers.
    const project = path.join(temp, 'project');
    fs.mkdirSync(path.join(project, 'node_modules', '@modelcontextprotocol'), { recursive: true });
    for (const file of ['package.json', 'tools.ts']) fs.copyFileSync(path.join(FIXTURES, 'cli-basic', file), path.join(project, file));
    fs.symlinkSync(path.join(REPO, 'node_modules', 'zod'), path.join(project, 'node_modules', 'zod'));
    fs.symlinkSync(path.join(REPO, 'node_modules', '@modelcontextprotocol', 'sdk'), path.join(project, 'node_modules', '@modelcontextprotocol', 'sdk'));
    fs.writeFileSync(path.join(project, '.gitignore'), 'node_modules/\n');
    const ids = hooks.map((h) => `      - id: ${h.id}`).join('\n');
    fs.writeFileSync(path.join(project, '.pre-commit-config.yaml'), `repos:\n  - repo: ${hooksRepo}\n    rev: ${rev}\n    hooks:\n${ids}\n`);
    const snapshot = spawnSync(process.execPath, [path.join(REPO, 'dist', 'cli.js'), 'snapshot', '.', '-o', 'tools.snapshot.json'], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(snapshot.status, snapshot.stderr).toBe(0);
    const tools = path.join(project, 'tools.ts');
    fs.writeFileSync(tools, fs.readFileSync(tools, 'utf8').replace('{ host: z.string() }', '{ host: z.string(), port: z.number() }'));
    await git(project, 'init', '-q');
    await git(project, 'add', '-A');

    const first = await run('pre-commit', ['run', '--all-files', '--verbose'], project, env);
    expect(first.output.split('Building tool-schema-lens from its checkout').length - 1, first.output).toBe(1); // once, for both hooks
    expect(first.output).toMatch(/Tool Schema Lens\.+Passed/);
    expect(first.output).toContain('2 tools in 1 file checked');
    // The drift gate alone: the change breaks callers, so the snapshot hook fails the commit.
    expect(first.output).toMatch(/Tool Schema Lens \(snapshot unchanged\)\.+Failed/);
    expect(first.output).toContain('added as required');
    expect(first.code).toBe(1);

    // Built once: a second run takes the CLI from pre-commit's checkout as it is.
    const again = await run('pre-commit', ['run', 'tool-schema-lens', '--all-files', '--verbose'], project, env);
    expect(again.output).not.toContain('Building');
    expect(again.code, again.output).toBe(0);
  });
});
