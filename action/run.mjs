// The GitHub Action's one step: run `check` once, printing Markdown into the job summary and writing SARIF for code
// scanning, and hand the exit status to the action's last step, so the SARIF is uploaded even when the check fails.
// Inputs arrive as INPUT_* variables (action.yml); TOOL_SCHEMA_LENS_BIN runs a given CLI instead (the tests do).
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const input = (name) => (process.env[`INPUT_${name}`] ?? '').trim();
const sarif = join(process.env.RUNNER_TEMP || tmpdir(), 'tool-schema-lens.sarif');

const args = ['check', ...(input('PATHS') || '.').split(/\s+/).filter(Boolean), '--format', 'markdown', '--sarif', sarif];
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

// The CLI the workspace installed, else the published one at the asked version.
const local = join(process.cwd(), 'node_modules', '.bin', 'tool-schema-lens');
const [command, prefix] = process.env.TOOL_SCHEMA_LENS_BIN
  ? [process.execPath, [process.env.TOOL_SCHEMA_LENS_BIN]]
  : existsSync(local)
    ? [local, []]
    : ['npx', ['--yes', `tool-schema-lens@${input('VERSION') || 'latest'}`]];
const run = spawnSync(command, [...prefix, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 28 });
const code = run.status ?? 2;

process.stdout.write(run.stdout ?? '');
if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, `${run.stdout ?? ''}\n`);
if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `sarif=${existsSync(sarif) ? sarif : ''}\nexit-code=${code}\n`);
// This step itself succeeds, so the SARIF upload runs; the action's last step fails the job on a non-zero status.
process.exit(code === 0 || process.env.GITHUB_OUTPUT ? 0 : code);
