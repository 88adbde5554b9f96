/**
 * The GitHub Action run as a runner runs it (issues 25, 52): action.yml's composite steps in a scratch repository, with
 * the runner's variables, the job summary and step outputs as files. It runs the project's own install when there is
 * one, else the CLI built from the Action's own checkout (a clone, no registry), and when the tool cannot run it says
 * so in the summary with exit code 2 instead of a silent "error finding". With `verify` (issue 55), it sends the tools
 * to a loopback provider with the key the step's env holds, never printing it.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, REPO } from './runCli';
import { runCompositeAction } from './support/compositeAction';
import { startLoopback } from '../verify/loopback';

const temp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-action-')));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

/** A repository as a workflow checks it out: a small MCP server using the SDK and zod (linked from ours). */
function scratchProject(name: string, options: { installed?: boolean } = {}): string {
  const dir = path.join(temp, name);
  fs.mkdirSync(path.join(dir, 'node_modules', '@modelcontextprotocol'), { recursive: true });
  for (const file of ['package.json', 'tools.ts']) fs.copyFileSync(path.join(FIXTURES, 'cli-basic', file), path.join(dir, file));
  fs.symlinkSync(path.join(REPO, 'node_modules', 'zod'), path.join(dir, 'node_modules', 'zod'));
  fs.symlinkSync(path.join(REPO, 'node_modules', '@modelcontextprotocol', 'sdk'), path.join(dir, 'node_modules', '@modelcontextprotocol', 'sdk'));
  if (options.installed) {
    // As npm links a dev dependency's bin (and makes its target executable).
    fs.symlinkSync(REPO, path.join(dir, 'node_modules', 'tool-schema-lens'));
    fs.chmodSync(path.join(REPO, 'dist', 'cli.js'), 0o755);
    fs.mkdirSync(path.join(dir, 'node_modules', '.bin'));
    fs.symlinkSync('../tool-schema-lens/dist/cli.js', path.join(dir, 'node_modules', '.bin', 'tool-schema-lens'));
  }
  return dir;
}

/** The Action's checkout as `uses: owner/tool-schema-lens@ref` gives it: the repository's files, nothing built. */
function actionCheckout(name: string, options: { nodeModules: boolean }): string {
  const dir = path.join(temp, name);
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && !/^(test|corpus|bench)\//.test(f) && fs.existsSync(path.join(REPO, f)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(REPO, file), path.join(dir, file));
  }
  // Our install stands in for the `npm ci` a runner would make (that path is the one the failure test takes).
  if (options.nodeModules) fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

function runner(name: string): string {
  const dir = path.join(temp, `${name}-runner`);
  fs.mkdirSync(dir);
  return dir;
}

function sarifValidator() {
  // As in check.test.ts: the published schema is draft-04, whose `id` became `$id`; patterns compiled without `u`.
  const { $schema: _draft, id, ...rest } = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'sarif-schema', 'sarif-2.1.0-rtm.5.json'), 'utf8'));
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile({ ...rest, $id: id });
}

describe('the GitHub Action, its composite steps run as a runner runs them', { timeout: 600_000 }, () => {
  it("runs the project's own install, writes the summary and valid SARIF, uploads it, and fails the job only on what fail-on names", async () => {
    const project = scratchProject('installed', { installed: true });
    const run = await runCompositeAction(REPO, project, runner('installed'), { paths: '.', clients: 'codex' });
    expect(run.steps[0].stdout).toContain("Running the project's install (node_modules/.bin/tool-schema-lens)");
    expect(run.outputs.check['exit-code']).toBe('0');
    expect(run.summary).toMatch(/^## Tool Schema Lens\n\n\*\*2 tools\*\*, [\d,]+ tokens · /);
    expect(run.summary).toContain('### `send_message` · ');
    // The upload step gets the SARIF; the last step does not run: no finding failed the gate.
    expect(run.steps[1]).toMatchObject({ uses: 'github/codeql-action/upload-sarif@v3', with: { sarif_file: run.outputs.check.sarif } });
    expect(run.steps[2].ran).toBe(false);
    expect(run.failed).toBe(false);
    const sarif = JSON.parse(fs.readFileSync(run.outputs.check.sarif, 'utf8'));
    const validate = sarifValidator();
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);

    // fail-on warning: cli-basic's union-shipped is information, so flattening (a collision warning) fails it.
    const warned = await runCompositeAction(REPO, project, runner('warned'), { paths: '.', flatten: 'always', 'fail-on': 'warning' });
    expect(warned.outputs.check['exit-code']).toBe('1');
    expect(warned.steps[2]).toMatchObject({ ran: true, code: 1 });
    expect(warned.failed).toBe(true);
  });

  it('with a baseline and fail-on none, gates on the drift alone and puts what changed in the summary', async () => {
    const project = scratchProject('baseline', { installed: true });
    execFileSync(path.join(project, 'node_modules', '.bin', 'tool-schema-lens'), ['snapshot', '.', '-o', 'tools.snapshot.json'], { cwd: project });
    const tools = path.join(project, 'tools.ts');
    fs.writeFileSync(tools, fs.readFileSync(tools, 'utf8').replace('{ host: z.string() }', '{ host: z.string(), port: z.number() }'));
    const inputs = { paths: '.', flatten: 'always', baseline: 'tools.snapshot.json', 'fail-on': 'none' };
    const run = await runCompositeAction(REPO, project, runner('baseline'), inputs);
    expect(run.summary).toContain('tools.snapshot.json');
    expect(run.summary).toContain('added as required');
    expect(run.outputs.check['exit-code']).toBe('1'); // a breaking change
    const allowed = await runCompositeAction(REPO, project, runner('baseline-none'), { ...inputs, 'fail-on-drift': 'none' });
    expect(allowed.outputs.check['exit-code']).toBe('0'); // the collision warning does not fail with fail-on none
  });

  it("builds the CLI from the Action's checkout when the project does not install it", async () => {
    const action = actionCheckout('action-clone', { nodeModules: true });
    expect(fs.existsSync(path.join(action, 'dist'))).toBe(false);
    const run = await runCompositeAction(action, scratchProject('bare'), runner('bare'), { paths: '.' });
    expect(run.steps[0].stdout).toContain(`::group::Building tool-schema-lens from its checkout, ${action} (the project does not install it), once`);
    expect(run.steps[0].stdout).toContain(`Running the Action's checkout (${path.join(action, 'dist', 'cli.js')})`);
    expect(run.outputs.check['exit-code']).toBe('0');
    expect(run.summary).toMatch(/^## Tool Schema Lens\n\n\*\*2 tools\*\*/);
    expect(run.failed).toBe(false);
  });

  it('exits 2 and says why in the summary when the tool cannot run', async () => {
    // A checkout that cannot install: npm offline with an empty cache fails at once, as a registry outage would.
    const action = actionCheckout('action-offline', { nodeModules: false });
    const cache = fs.mkdtempSync(path.join(temp, 'npm-cache-'));
    const run = await runCompositeAction(
      action,
      scratchProject('offline'),
      runner('offline'),
      { paths: '.' },
      { npm_config_offline: 'true', npm_config_cache: cache },
    );
    expect(run.outputs.check['exit-code']).toBe('2');
    expect(run.summary).toMatch(
      /^## Tool Schema Lens\n\n❗ \*\*Tool Schema Lens could not run\*\* \(exit 2\): building the CLI from the Action's checkout failed at `npm ci/,
    );
    expect(run.steps[2]).toMatchObject({ ran: true, code: 1 });
    expect(run.failed).toBe(true);
  });
  it('with verify, sends the tools to the providers whose keys the step has, and puts their answers in the summary', async () => {
    // Inside the repository, so the copy's imports resolve to its SDK and zod.
    const dir = path.join(REPO, '.cache', `action-verify-${process.pid}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(path.join(FIXTURES, 'verify'), dir, { recursive: true });
    const loop = await startLoopback();
    const key = 'sk-test-FAKEKEY-action-0004';
    try {
      const run = await runCompositeAction(
        REPO,
        dir,
        runner('verify'),
        { paths: '.', verify: 'openai-strict', 'verify-max-requests': '10', 'fail-on': 'none' },
        { OPENAI_API_KEY: key, OPENAI_BASE_URL: `${loop.url}/v1`, TOOL_SCHEMA_LENS_BIN: path.join(REPO, 'dist', 'cli.js') },
      );
      expect(run.outputs.check['verify-exit-code']).toBe('0'); // the one refusal is the one the profile predicts
      expect(run.summary).toContain('### Verified against the providers');
      expect(run.summary).toMatch(
        /✗ run_operations\s+refused: Invalid schema for function 'run_operations': In context=\('properties', 'operations', 'items'\), 'oneOf' is not permitted\./,
      );
      expect(loop.received.every((r) => r.headers.authorization === `Bearer ${key}`)).toBe(true);
      const store = fs.readFileSync(path.join(dir, 'toolschemalens.verified.json'), 'utf8');
      for (const text of [run.summary, store, ...run.steps.map((s) => s.stdout ?? ''), ...Object.values(run.outputs.check)]) expect(text).not.toContain(key);
    } finally {
      await loop.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
