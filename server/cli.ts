/**
 * `tool-schema-lens`: the `check` CLI and the `lsp` entry. Argument parsing and formatting only; the
 * findings come from the pipeline. Exit status: 0 clean, 1 an error-severity finding, 2 bad usage or
 * any failure of our own (never 0 on a crash).
 */
import { parseArgs, UsageError, USAGE, type Command } from './cli/args';
import { formatJson } from './cli/formatJson';
import { formatSarif } from './cli/formatSarif';
import { formatText } from './cli/formatText';
import { formatMarkdown, driftMarkdown } from './cli/formatMarkdown';
import { driftFails, driftJson, driftText, readSnapshotFile } from './cli/drift';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { displayPath, hasErrors } from './cli/report';
import { describeError } from './lsp/errors';
import { version } from '../package.json';

async function main(argv: string[]): Promise<number> {
  let command: Command;
  try {
    command = parseArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      // The mistake and where to look, not the whole help: the message is what the user needs to read.
      process.stderr.write(`tool-schema-lens: ${err.message}\nRun \`tool-schema-lens --help\` for the commands and options.\n`);
      return 2;
    }
    throw err;
  }
  switch (command.kind) {
    case 'help':
      process.stdout.write(`${USAGE}\n`);
      return 0;
    case 'version':
      process.stdout.write(`${version}\n`);
      return 0;
    case 'lsp': {
      const { runLanguageServer } = await import('./lsp/main');
      runLanguageServer();
      return -1; // the server owns the process from here; it exits when the client says so
    }
    case 'diff': {
      const { driftBetween } = await import('./pipeline/drift');
      const drift = driftBetween(readSnapshotFile(process.cwd(), command.before), readSnapshotFile(process.cwd(), command.after));
      const against = command.before;
      const out =
        command.format === 'json'
          ? `${JSON.stringify({ drift: driftJson(drift) }, null, 2)}\n`
          : command.format === 'markdown'
            ? `${driftMarkdown(drift, against)}\n`
            : `${driftText(drift, against).join('\n')}\n`;
      await write(out);
      return driftFails(drift, command.failOn) ? 1 : 0;
    }
    case 'check': {
      // Read first: a missing or broken baseline is a usage error before any workspace code runs.
      const baseline = command.baseline ? readSnapshotFile(process.cwd(), command.baseline) : undefined;
      // Loaded on demand: the pipeline pulls in TypeScript, which --help and --version should not pay for.
      const { runCheck } = await import('./cli/check');
      const { driftBetween, snapshotOfTools, snapshotText } = await import('./pipeline/drift');
      const report = await runCheck({ cwd: process.cwd(), ...command });
      // On stderr, so that a JSON or SARIF report on stdout stays exactly that.
      for (const s of report.skipped) process.stderr.write(`tool-schema-lens: skipped ${displayPath(report.cwd, s.file)}: ${s.reason}\n`);
      // Never silent: a finding the check's own failure cost is counted, and traced whole with --debug.
      if (command.debug)
        for (const e of report.internalErrors) process.stderr.write(`tool-schema-lens: internal error in ${displayPath(report.cwd, e.file)}: ${e.message}\n`);
      else if (report.internalErrors.length)
        process.stderr.write(
          `tool-schema-lens: ${report.internalErrors.length} internal error(s) of the check itself; a finding may be missing (run with --debug to see them)\n`,
        );
      // Never silent about what did not run: results kept from an earlier run are counted, with the way out (after the
      // report, whose first line on a terminal stays its first finding).
      const cacheNote = () => {
        if (report.cache.hits === 0) return;
        const where = report.cache.dirs.map((d) => displayPath(report.cwd, d)).join(', ');
        process.stderr.write(
          `tool-schema-lens: ${report.cache.hits} file(s) not run again: unchanged since a run kept in ${where} (--no-cache runs every file)\n`,
        );
      };
      if (command.snapshot) {
        const text = snapshotText(snapshotOfTools(report.tools));
        if (command.output) fs.writeFileSync(path.resolve(process.cwd(), command.output), text);
        else await write(text);
        cacheNote();
        // A snapshot of nothing is never a silent success: the workspace's servers were not seen.
        const listed = report.tools.filter((t) => t.kind !== 'exported').length;
        if (listed === 0) process.stderr.write('tool-schema-lens: no tool found; the snapshot is empty (see `tool-schema-lens check` for why)\n');
        return listed === 0 ? 1 : 0;
      }
      const drift = baseline ? driftBetween(baseline, snapshotOfTools(report.tools)) : undefined;
      const against = command.baseline ?? '';
      const color = Boolean(process.stdout.isTTY) && !('NO_COLOR' in process.env);
      const out =
        command.format === 'json'
          ? formatJson(report, drift)
          : command.format === 'sarif'
            ? formatSarif(report, version)
            : command.format === 'markdown'
              ? formatMarkdown(report, drift ? { drift, against } : undefined)
              : formatText(report, { color }) + (drift ? `${driftText(drift, against).join('\n')}\n` : '');
      if (command.sarifFile) fs.writeFileSync(path.resolve(process.cwd(), command.sarifFile), formatSarif(report, version));
      await write(out);
      cacheNote();
      return hasErrors(report) || (drift !== undefined && driftFails(drift, command.failOn)) ? 1 : 0;
    }
  }
}

/** Write all of stdout before exiting: a pipe must receive the whole report. */
function write(text: string): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(text, (err) => (err ? reject(err) : resolve())));
}

function fail(err: unknown): void {
  if (err instanceof UsageError) {
    process.stderr.write(`tool-schema-lens: ${err.message}\n`);
  } else {
    process.stderr.write(`tool-schema-lens: internal error: ${describeError(err)}\n`);
  }
  process.exitCode = 2;
}

process.on('uncaughtException', (err) => {
  fail(err);
  process.exit(2);
});
process.on('unhandledRejection', (err) => {
  fail(err);
  process.exit(2);
});

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err) => {
    fail(err);
    process.exit(2);
  },
);
