/**
 * Runs a composite action's steps as a GitHub runner does, for the parts a runner does locally: `action.yml` parsed,
 * each step's `if` and `${{ }}` expressions evaluated over `inputs`, `steps.<id>.outputs` and `github.action_path`,
 * `run` steps started with `bash --noprofile --norc -eo pipefail` in the workspace with the runner's variables
 * (GITHUB_ACTION_PATH, GITHUB_WORKSPACE, GITHUB_OUTPUT per step, GITHUB_STEP_SUMMARY, RUNNER_TEMP), and `uses` steps
 * recorded with their evaluated `with`, not run (they are other repositories' actions). An expression this reader
 * does not know is an error, never a guess.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { load } from 'js-yaml';

interface Step {
  id?: string;
  if?: string;
  shell?: string;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
interface ActionFile {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: Step[] };
}

export interface StepRun {
  name: string;
  ran: boolean;
  code?: number | null;
  stdout?: string;
  uses?: string;
  with?: Record<string, string>;
}

export interface ActionRun {
  steps: StepRun[];
  outputs: Record<string, Record<string, string>>;
  summary: string;
  /** The job fails when a run step exits non-zero. */
  failed: boolean;
}

interface Context {
  inputs: Record<string, string>;
  steps: Record<string, Record<string, string>>;
  actionPath: string;
  failed: boolean;
}

/** Runs `actionPath/action.yml` in `workspace` with `inputs` (the rest take their defaults). */
export async function runCompositeAction(
  actionPath: string,
  workspace: string,
  runnerTemp: string,
  given: Record<string, string>,
  env: Record<string, string | undefined> = {},
): Promise<ActionRun> {
  const action = load(fs.readFileSync(path.join(actionPath, 'action.yml'), 'utf8')) as ActionFile;
  if (action.runs.using !== 'composite') throw new Error(`not a composite action: ${action.runs.using}`);
  const unknown = Object.keys(given).filter((k) => !(k in action.inputs));
  if (unknown.length) throw new Error(`inputs the action does not declare: ${unknown.join(', ')}`);
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, given[k] ?? v.default ?? '']));
  const context: Context = { inputs, steps: {}, actionPath, failed: false };
  const summary = path.join(runnerTemp, 'step-summary.md');
  fs.writeFileSync(summary, '');
  const steps: StepRun[] = [];
  for (const [index, step] of action.runs.steps.entries()) {
    const name = step.id ?? `step ${index + 1}`;
    // A step without `if` runs only while the job has not failed (success()), as on a runner.
    const runs = step.if === undefined ? !context.failed : truthy(evaluate(unwrap(step.if), context));
    if (!runs) {
      steps.push({ name, ran: false });
      continue;
    }
    if (step.uses) {
      const withs = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, substitute(String(v), context)]));
      steps.push({ name, ran: false, uses: step.uses, with: withs });
      continue;
    }
    if (step.shell !== 'bash' || step.run === undefined) throw new Error(`${name}: only bash run steps are read here`);
    const output = path.join(runnerTemp, `output-${index}.txt`);
    fs.writeFileSync(output, '');
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(String(v), context)]));
    const script = path.join(runnerTemp, `step-${index}.sh`);
    fs.writeFileSync(script, substitute(step.run, context));
    const { code, stdout } = await bash(script, workspace, {
      ...process.env,
      ...env,
      ...stepEnv,
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: actionPath,
      GITHUB_WORKSPACE: workspace,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
      RUNNER_TEMP: runnerTemp,
    });
    if (step.id) context.steps[step.id] = readOutputs(output);
    if (code !== 0) context.failed = true;
    steps.push({ name, ran: true, code, stdout });
  }
  return { steps, outputs: context.steps, summary: fs.readFileSync(summary, 'utf8'), failed: context.failed };
}

function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

function readOutputs(file: string): Record<string, string> {
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
}

const unwrap = (condition: string) => condition.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');
const truthy = (v: string | boolean) => v !== false && v !== '';
const substitute = (text: string, context: Context) => text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, e: string) => String(evaluate(e, context)));

/** The expressions composite actions use: `&&`, `==`, `!=`, string literals, `always()`, and context lookups. */
function evaluate(expression: string, context: Context): string | boolean {
  const e = expression.trim();
  if (e.includes('&&')) return e.split('&&').every((part) => truthy(evaluate(part, context)));
  const comparison = /^(.+?)\s*(==|!=)\s*(.+)$/.exec(e);
  if (comparison) {
    const [left, right] = [evaluate(comparison[1], context), evaluate(comparison[3], context)];
    return comparison[2] === '==' ? String(left) === String(right) : String(left) !== String(right);
  }
  if (/^'.*'$/.test(e)) return e.slice(1, -1).replace(/''/g, "'");
  if (e === 'always()') return true;
  if (e === 'success()') return !context.failed;
  if (e === 'failure()') return context.failed;
  if (e === 'github.action_path') return context.actionPath;
  const input = /^inputs\.([\w-]+)$/.exec(e);
  if (input) return context.inputs[input[1]] ?? '';
  const out = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(e);
  if (out) return context.steps[out[1]]?.[out[2]] ?? '';
  throw new Error(`an expression this runner does not read: ${e}`);
}
