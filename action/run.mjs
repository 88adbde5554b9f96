// The GitHub Action's one step: run `check` once, printing Markdown into the job summary and writing SARIF for code
// scanning, and hand the exit status to the action's last step, so the SARIF is uploaded even when the check fails.
// With the `verify` input, then `verify --yes`: the tools sent to the providers whose keys the workflow put in the
// step's environment (repository secrets; this script never reads them), their answers in the summary too.
// Inputs arrive as INPUT_* variables (action.yml); TOOL_SCHEMA_LENS_BIN runs a given CLI instead (the tests do).
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const input = (name) => (process.env[`INPUT_${name}`] ?? '').trim();
const sarif = join(process.env.RUNNER_TEMP || tmpdir(), 'tool-schema-lens.sarif');

const paths = (input('PATHS') || '.').split(/\s+/).filter(Boolean);
const args = ['check', ...paths, '--format', 'markdown', '--sarif', sarif];
if (input('CLIENTS')) args.push('--clients', input('CLIENTS'));
if (input('FLATTEN')) args.push('--flatten', input('FLATTEN'));
if (input('BASELINE')) args.push('--baseline', input('BASELINE'), '--fail-on', input('FAIL_ON') || 'breaking');

// The CLI the workspace installed, else the published one at the asked version.
const local = join(process.cwd(), 'node_modules', '.bin', 'tool-schema-lens');
const [command, prefix] = process.env.TOOL_SCHEMA_LENS_BIN
  ? [process.execPath, [process.env.TOOL_SCHEMA_LENS_BIN]]
  : existsSync(local)
    ? [local, []]
    : ['npx', ['--yes', `tool-schema-lens@${input('VERSION') || 'latest'}`]];
const cli = (argv) => spawnSync(command, [...prefix, ...argv], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 28 });
const summarise = (text) => {
  process.stdout.write(text);
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, `${text}\n`);
};

const run = cli(args);
const code = run.status ?? 2;
summarise(run.stdout ?? '');

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
  const verified = cli(verifyArgs);
  verifyCode = String(verified.status ?? 2);
  summarise(`### Verified against the providers\n\n\`\`\`\n${verified.stdout || 'nothing sent: see the job log\n'}\`\`\`\n`);
}

if (process.env.GITHUB_OUTPUT)
  appendFileSync(process.env.GITHUB_OUTPUT, `sarif=${existsSync(sarif) ? sarif : ''}\nexit-code=${code}\nverify-exit-code=${verifyCode}\n`);
// This step itself succeeds, so the SARIF upload runs; the action's last step fails the job on a non-zero status.
const worst = Math.max(code, Number(verifyCode || 0));
process.exit(worst === 0 || process.env.GITHUB_OUTPUT ? 0 : worst);
