/**
 * The GitHub Action's script run locally (issue 25) on the examples workspace, as a runner runs it: inputs as
 * INPUT_* variables, the job summary and step outputs as files. It writes the Markdown report into the summary,
 * valid SARIF for code scanning, and hands the exit status to the action's last step instead of failing first.
 * With `verify` (issue 55), it sends the tools to a loopback provider with the key the step's env holds, never
 * printing it.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, FIXTURES, REPO, runCli } from './runCli';
import { startLoopback } from '../verify/loopback';

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-action-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

function runAction(
  inputs: Record<string, string>,
  name: string,
  extraEnv: Record<string, string> = {},
): Promise<{ code: number | null; summary: string; outputs: Record<string, string>; stderr: string }> {
  const runner = fs.mkdtempSync(path.join(temp, `${name}-`));
  const summary = path.join(runner, 'summary.md');
  const output = path.join(runner, 'output.txt');
  const env: Record<string, string | undefined> = {
    ...process.env,
    TOOL_SCHEMA_LENS_BIN: CLI,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
    RUNNER_TEMP: runner,
    ...extraEnv,
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase().replace(/-/g, '_')}`, v])),
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO, 'action', 'run.mjs')], { cwd: REPO, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      const outputs = Object.fromEntries(
        fs
          .readFileSync(output, 'utf8')
          .trim()
          .split('\n')
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      resolve({ code, summary: fs.readFileSync(summary, 'utf8'), outputs, stderr });
    });
  });
}

function sarifValidator() {
  // As in check.test.ts: the published schema is draft-04, whose `id` became `$id`; patterns compiled without `u`.
  const { $schema: _draft, id, ...rest } = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'sarif-schema', 'sarif-2.1.0-rtm.5.json'), 'utf8'));
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile({ ...rest, $id: id });
}

describe('the GitHub Action script', { timeout: 240_000 }, () => {
  it('writes the Markdown summary and valid SARIF, and passes the exit status on to the last step', async () => {
    const { code, summary, outputs } = await runAction({ paths: 'examples', clients: 'codex' }, 'plain');
    expect(code).toBe(0); // the step itself succeeds so that the SARIF is uploaded
    expect(outputs['exit-code']).toBe('1'); // codex refuses format "uri" in the examples: an error finding
    expect(summary).toMatch(/^## Tool Schema Lens\n\n\*\*5 tools\*\*, [\d,]+ tokens · ❌ \d+ errors? · ⚠️ \d+ warnings? · ℹ️ \d+ infos?\n/);
    expect(summary).toContain('### `send_message` · ');
    expect(summary).toMatch(/\| ❌ \| `client-rejects` \| examples\/src\/[\w/]+\.ts:\d+ \| Tool \w+: .* Codex was observed to reject the request/);
    const sarif = JSON.parse(fs.readFileSync(outputs.sarif, 'utf8'));
    const validate = sarifValidator();
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
    expect(sarif.runs[0].results.length).toBeGreaterThan(0);
  });

  it('with a baseline, puts what the model sees changed in the summary', async () => {
    const snapshot = path.join(temp, 'examples.snapshot.json');
    expect((await runCli(['snapshot', 'examples', '-o', snapshot], { cwd: REPO })).code).toBe(0);
    const { summary, outputs } = await runAction({ paths: 'examples', clients: 'claude-code', baseline: snapshot, 'fail-on': 'breaking' }, 'baseline');
    expect(summary).toContain(`### What the model sees: unchanged from \`${snapshot}\``);
    expect(outputs.sarif).toMatch(/tool-schema-lens\.sarif$/);
  });

  it('with verify, sends the tools to the providers whose keys the step has, and puts their answers in the summary', async () => {
    // Inside the repository, so the copy's imports resolve to its SDK and zod.
    const dir = path.join(REPO, '.cache', `action-verify-${process.pid}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(path.join(FIXTURES, 'verify'), dir, { recursive: true });
    const loop = await startLoopback();
    const key = 'sk-test-FAKEKEY-action-0004';
    try {
      const { code, summary, outputs, stderr } = await runAction(
        { paths: path.relative(REPO, dir), verify: 'openai-strict', 'verify-max-requests': '10' },
        'verify',
        {
          OPENAI_API_KEY: key,
          OPENAI_BASE_URL: `${loop.url}/v1`,
        },
      );
      expect(code).toBe(0);
      expect(outputs['verify-exit-code']).toBe('0'); // the one refusal is the one the profile predicts
      expect(summary).toContain('### Verified against the providers');
      expect(summary).toMatch(
        /✗ run_operations\s+refused: Invalid schema for function 'run_operations': In context=\('properties', 'operations', 'items'\), 'oneOf' is not permitted\./,
      );
      expect(loop.received.every((r) => r.headers.authorization === `Bearer ${key}`)).toBe(true);
      const store = fs.readFileSync(path.join(dir, 'toolschemalens.verified.json'), 'utf8');
      for (const text of [summary, stderr, store, ...Object.values(outputs)]) expect(text).not.toContain(key);
    } finally {
      await loop.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
