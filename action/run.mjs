// The GitHub Action's one step: run `check` once, printing Markdown into the job summary and writing SARIF for code
// scanning, and hand the exit status to the action's last step, so the SARIF is uploaded even when the check fails.
// With the `verify` input, then `verify --yes`: the tools sent to the providers whose keys the workflow put in the
// step's environment (repository secrets; this script never reads them), their answers in the summary too.
// Inputs arrive as INPUT_* variables (action.yml). When the tool cannot run, the status is 2 and the summary says why.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveCli } from './resolveCli.mjs';

const input = (name) => (process.env[`INPUT_${name}`] ?? '').trim();
const sarif = join(process.env.RUNNER_TEMP || tmpdir(), 'tool-schema-lens.sarif');
rmSync(sarif, { force: true }); // a SARIF left by an earlier step is not this run's

const paths = (input('PATHS') || '.').split(/\s+/).filter(Boolean);
const args = ['check', ...paths, '--format', 'markdown', '--sarif', sarif];
if (input('CLIENTS')) args.push('--clients', input('CLIENTS'));
if (input('FLATTEN')) args.push('--flatten', input('FLATTEN'));
// Two gates apart: fail-on for the findings, fail-on-drift for what changed from the baseline. A drift value given to
// fail-on (as before the two were apart) is read as the drift gate, with a warning, rather than failing the run.
let failOn = input('FAIL_ON') || 'error';
let failOnDrift = input('FAIL_ON_DRIFT') || 'breaking';
if (failOn === 'breaking' || failOn === 'any') {
  process.stdout.write(`::warning::fail-on: ${failOn} is a drift value; read as fail-on-drift: ${failOn} (fail-on is for findings: error, warning, none)\n`);
  [failOn, failOnDrift] = ['error', failOn];
}
args.push('--fail-on', failOn);
if (input('BASELINE')) args.push('--baseline', input('BASELINE'), '--fail-on-drift', failOnDrift);

const summary = (text) => process.env.GITHUB_STEP_SUMMARY && appendFileSync(process.env.GITHUB_STEP_SUMMARY, text);
const finish = (code, verifyCode = '') => {
  const worst = Math.max(code, Number(verifyCode || 0));
  if (process.env.GITHUB_OUTPUT)
    appendFileSync(
      process.env.GITHUB_OUTPUT,
      `sarif=${existsSync(sarif) ? sarif : ''}\nexit-code=${code}\nverify-exit-code=${verifyCode}\nfailed=${worst !== 0}\n`,
    );
  // This step itself succeeds, so the SARIF upload runs; the action's last step fails the job on a non-zero status.
  process.exit(worst === 0 || process.env.GITHUB_OUTPUT ? 0 : worst);
};
const cannotRun = (why) => {
  process.stdout.write(`::error::Tool Schema Lens could not run: ${why}\n`);
  summary(`## Tool Schema Lens\n\n❗ **Tool Schema Lens could not run** (exit 2): ${why}\n`);
  finish(2);
};

const cli = resolveCli({
  cwd: process.cwd(),
  actionPath: process.env.GITHUB_ACTION_PATH,
  given: process.env.TOOL_SCHEMA_LENS_BIN,
  log: (line) => line && process.stdout.write(`${line}\n`),
});
if ('failure' in cli) cannotRun(cli.failure);
process.stdout.write(`Running ${cli.source}\n`);

const run = spawnSync(cli.command, [...cli.args, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
process.stdout.write(run.stdout ?? '');
process.stderr.write(run.stderr ?? '');
if (run.error || run.status === null || run.status === 2) {
  // Usage or a failure of the tool itself: the report is missing, so the summary carries the reason.
  const reason = run.error ? String(run.error.message) : (run.stderr ?? '').trim().split('\n').filter(Boolean)[0] || `exit ${run.status ?? run.signal}`;
  if (run.stdout) summary(`${run.stdout}\n`);
  cannotRun(reason.replace(/^tool-schema-lens: /, ''));
}
summary(`${run.stdout ?? ''}\n`);

// `verify`: `true` sends to every provider whose key is set, else the providers named (comma-separated).
let verifyCode = '';
const verify = input('VERIFY');
if (verify && verify !== 'false') {
  const verifyArgs = ['verify', ...paths, '--yes'];
  if (verify !== 'true') verifyArgs.push('--provider', verify);
  for (const model of input('VERIFY_MODELS')
    .split(/[\s,]+/)
    .filter(Boolean))
    verifyArgs.push('--model', model);
  if (input('VERIFY_MAX_REQUESTS')) verifyArgs.push('--max-requests', input('VERIFY_MAX_REQUESTS'));
  const verified = spawnSync(cli.command, [...cli.args, ...verifyArgs], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 28 });
  verifyCode = String(verified.status ?? 2);
  process.stdout.write(verified.stdout ?? '');
  summary(`### Verified against the providers\n\n\`\`\`\n${verified.stdout || 'nothing sent: see the job log\n'}\`\`\`\n`);
}
finish(run.status, verifyCode);
