/**
 * The GitHub Action's script run locally (issue 25) on the examples workspace, as a runner runs it: inputs as
 * INPUT_* variables, the job summary and step outputs as files. It writes the Markdown report into the summary,
 * valid SARIF for code scanning, and hands the exit status to the action's last step instead of failing first.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, FIXTURES, REPO, runCli } from './runCli';

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-action-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

function runAction(inputs: Record<string, string>, name: string): Promise<{ code: number | null; summary: string; outputs: Record<string, string> }> {
  const runner = fs.mkdtempSync(path.join(temp, `${name}-`));
  const summary = path.join(runner, 'summary.md');
  const output = path.join(runner, 'output.txt');
  const env: Record<string, string | undefined> = {
    ...process.env,
    TOOL_SCHEMA_LENS_BIN: CLI,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
    RUNNER_TEMP: runner,
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase().replace(/-/g, '_')}`, v])),
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO, 'action', 'run.mjs')], { cwd: REPO, env, stdio: ['ignore', 'ignore', 'pipe'] });
    child.on('error', reject);
    child.on('close', (code) => {
      const outputs = Object.fromEntries(
        fs
          .readFileSync(output, 'utf8')
          .trim()
          .split('\n')
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      resolve({ code, summary: fs.readFileSync(summary, 'utf8'), outputs });
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
    const { summary, outputs } = await runAction({ paths: 'examples', clients: 'claude-code', baseline: snapshot, 'fail-on-drift': 'breaking' }, 'baseline');
    expect(summary).toContain(`### What the model sees: unchanged from \`${snapshot}\``);
    expect(outputs.sarif).toMatch(/tool-schema-lens\.sarif$/);
  });
});
