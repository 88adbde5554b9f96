// Which CLI the Action and the pre-commit hooks run: the one the project installed (its own version, as its developers run it), else the one
// built from the Action's own checkout ($GITHUB_ACTION_PATH, the ref the workflow names), so the Action works from a
// clone before any registry has the package. TOOL_SCHEMA_LENS_BIN names a built CLI outright (the tests).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Resolves to `{ command, args, source }` to spawn the CLI with, or `{ failure }`: one sentence saying why the tool
 * cannot run. `log` receives the build's progress lines (the job's log, not the summary).
 */
export function resolveCli({ cwd, actionPath, given, log }) {
  if (given) return { command: process.execPath, args: [given], source: `the CLI at ${given}` };
  const local = join(cwd, 'node_modules', '.bin', 'tool-schema-lens');
  if (existsSync(local)) return { command: local, args: [], source: "the project's install (node_modules/.bin/tool-schema-lens)" };
  if (!actionPath) return { failure: 'the project does not install tool-schema-lens and the Action does not know its own checkout (GITHUB_ACTION_PATH).' };
  const cli = join(actionPath, 'dist', 'cli.js');
  if (!existsSync(cli)) {
    const built = buildFromCheckout(actionPath, log);
    if (built) return { failure: built };
  }
  return { command: process.execPath, args: [cli], source: `the Action's checkout (${cli})` };
}

/** Installs and builds the Action's checkout; returns why it failed, or undefined. */
function buildFromCheckout(actionPath, log) {
  // Scripts stay off: esbuild finds its platform package without its install script, and nothing else needs one.
  const steps = [
    ...(existsSync(join(actionPath, 'node_modules')) ? [] : [['npm', ['ci', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund']]]),
    ['npm', ['run', 'build', '--silent']],
  ];
  // A runner folds the build's lines into one group; elsewhere (a pre-commit hook) they are plain lines.
  const fence = process.env.GITHUB_ACTIONS === 'true';
  log(`${fence ? '::group::' : ''}Building tool-schema-lens from its checkout, ${actionPath} (the project does not install it), once`);
  try {
    for (const [command, args] of steps) {
      log(`$ ${command} ${args.join(' ')}`);
      const run = spawnSync(command, args, { cwd: actionPath, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 26 });
      log(`${run.stdout ?? ''}${run.stderr ?? ''}`.trimEnd());
      if (run.status !== 0) {
        const last = `${run.stderr ?? ''}${run.stdout ?? ''}`.trim().split('\n').filter(Boolean).pop() ?? String(run.error ?? `exit ${run.status}`);
        return `building the CLI from the Action's checkout failed at \`${command} ${args.join(' ')}\`: ${last.slice(0, 300)}`;
      }
    }
    if (!existsSync(join(actionPath, 'dist', 'cli.js'))) return "building the CLI from the Action's checkout made no dist/cli.js.";
    return undefined;
  } finally {
    if (fence) log('::endgroup::');
  }
}
