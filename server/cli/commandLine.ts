/**
 * The command line as a function of its input and output: `check`, `snapshot`, `diff`, `verify`, `lsp`, `mcp`, `--help`,
 * `--version`. `server/cli.ts` gives it the process; the test suites give it strings, and run `check` in their own
 * process over the same pipeline.
 */
import { DIFF_USAGE, parseArgs, UsageError, USAGE, type Command } from './args';
import { formatJson } from './formatJson';
import { formatSarif } from './formatSarif';
import { formatText } from './formatText';
import { formatMarkdown, driftMarkdown } from './formatMarkdown';
import { driftFails, driftText, readSnapshotFile } from './drift';
import { driftView } from '../pipeline';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { displayPath, findingsFail } from './report';
import { version } from '../../package.json';
import type { CommandLineIo } from './io';

export type { CommandLineIo } from './io';

/**
 * Runs one command line against `io` and resolves to its exit status (-1: the language server now owns the process).
 * Failures of the tool itself are written as internal errors and end in 2, never a rejection.
 */
export async function runCommandLine(argv: string[], io: CommandLineIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (err) {
    io.stderr(describeFailure(err));
    return 2;
  }
}

async function run(argv: string[], io: CommandLineIo): Promise<number> {
  let command: Command;
  try {
    command = parseArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      // The mistake and where to look, not the whole help: the message is what the user needs to read.
      io.stderr(`tool-schema-lens: ${err.message}\nRun \`tool-schema-lens --help\` for the commands and options.\n`);
      return 2;
    }
    throw err;
  }
  switch (command.kind) {
    case 'help':
      await io.stdout(`${command.topic === 'diff' ? DIFF_USAGE : USAGE}\n`);
      return 0;
    case 'version':
      await io.stdout(`${version}\n`);
      return 0;
    case 'lsp':
      if (!io.startLanguageServer) throw new UsageError('lsp runs only as a process of its own');
      await io.startLanguageServer();
      return -1; // the server owns the process from here; it exits when the client says so
    case 'mcp': {
      if (!io.startMcpServer) throw new UsageError('mcp runs only as a process of its own');
      const folder = path.resolve(io.cwd, command.folder ?? '.');
      if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new UsageError(`mcp needs a folder to serve; ${command.folder} is not one`);
      await io
        .startMcpServer({ folder, trustRoots: command.trustRoots, ...(command.httpPort !== undefined ? { httpPort: command.httpPort } : {}) })
        .catch((err: unknown) => {
          const code = (err as { code?: unknown } | undefined)?.code;
          if (code === 'EADDRINUSE' || code === 'EACCES')
            throw new UsageError(`port ${command.httpPort} cannot be listened on (${String(code)}): pick another with --http <port>, or 0 for any free one`);
          throw err;
        });
      if (io.ownsProcess) await (await import('../pipeline')).stopTransformer();
      return 0;
    }
    case 'verify': {
      // Loaded on demand, like check: the SDKs load later still, on the first send.
      const { runVerify } = await import('./verify');
      try {
        return await runVerify(command, io);
      } finally {
        if (io.ownsProcess) await (await import('../pipeline')).stopTransformer();
      }
    }
    case 'diff': {
      const { driftBetween } = await import('../pipeline');
      const drift = driftBetween(readSnapshotFile(io.cwd, command.before), readSnapshotFile(io.cwd, command.after));
      const against = command.before;
      const out =
        command.format === 'json'
          ? `${JSON.stringify({ drift: driftView(drift) }, null, 2)}\n`
          : command.format === 'markdown'
            ? `${driftMarkdown(drift, against)}\n`
            : `${driftText(drift, against).join('\n')}\n`;
      await io.stdout(out);
      return driftFails(drift, command.failOnDrift) ? 1 : 0;
    }
    case 'check': {
      // Read first: a missing or broken baseline is a usage error before any workspace code runs.
      const baseline = command.baseline ? readSnapshotFile(io.cwd, command.baseline) : undefined;
      // Loaded on demand: the pipeline pulls in TypeScript, which --help and --version should not pay for.
      const { runCheck } = await import('./check');
      const { driftBetween, snapshotOfTools, snapshotText } = await import('../pipeline');
      const report = await runCheck({ cwd: io.cwd, ...command, ...(io.evaluators ? { evaluators: io.evaluators } : {}) }).finally(async () => {
        if (io.ownsProcess) await (await import('../pipeline')).stopTransformer();
      });
      // On stderr, so that a JSON or SARIF report on stdout stays exactly that.
      for (const s of report.skipped) io.stderr(`tool-schema-lens: skipped ${displayPath(report.cwd, s.file)}: ${s.reason}\n`);
      // Never silent: a finding the check's own failure cost is counted, and traced whole with --debug.
      if (command.debug)
        for (const e of report.internalErrors) io.stderr(`tool-schema-lens: internal error in ${displayPath(report.cwd, e.file)}: ${e.message}\n`);
      else if (report.internalErrors.length)
        io.stderr(
          `tool-schema-lens: ${report.internalErrors.length} internal error(s) of the check itself; a finding may be missing (run with --debug to see them)\n`,
        );
      // Never silent about what did not run: results kept from an earlier run are counted, with the way out (after the
      // report, whose first line on a terminal stays its first finding).
      const cacheNote = () => {
        if (report.cache.hits === 0) return;
        const where = report.cache.dirs.map((d) => displayPath(report.cwd, d)).join(', ');
        io.stderr(`tool-schema-lens: ${report.cache.hits} file(s) not run again: unchanged since a run kept in ${where} (--no-cache runs every file)\n`);
      };
      if (command.snapshot) {
        const text = snapshotText(snapshotOfTools(report.tools));
        if (command.output) fs.writeFileSync(path.resolve(io.cwd, command.output), text);
        else await io.stdout(text);
        cacheNote();
        // A snapshot of nothing is never a silent success: the workspace's servers were not seen.
        const listed = report.tools.filter((t) => t.kind !== 'exported').length;
        if (listed === 0) io.stderr('tool-schema-lens: no tool found; the snapshot is empty (see `tool-schema-lens check` for why)\n');
        return listed === 0 ? 1 : 0;
      }
      const drift = baseline ? driftBetween(baseline, snapshotOfTools(report.tools)) : undefined;
      const against = command.baseline ?? '';
      const color = io.stdoutIsTerminal && !('NO_COLOR' in io.env);
      const out =
        command.format === 'json'
          ? formatJson(report, drift)
          : command.format === 'sarif'
            ? formatSarif(report, version)
            : command.format === 'markdown'
              ? formatMarkdown(report, drift ? { drift, against } : undefined)
              : formatText(report, { color }) + (drift ? `${driftText(drift, against).join('\n')}\n` : '');
      if (command.sarifFile) fs.writeFileSync(path.resolve(io.cwd, command.sarifFile), formatSarif(report, version));
      await io.stdout(out);
      cacheNote();
      // Two gates, each by its own flag: the findings' (--fail-on) and the drift's (--fail-on-drift).
      return findingsFail(report, command.failOn) || (drift !== undefined && driftFails(drift, command.failOnDrift)) ? 1 : 0;
    }
  }
}

/** The line a failure of the command ends with: a usage error's message, else an internal error. */
export function describeFailure(err: unknown): string {
  if (err instanceof UsageError) return `tool-schema-lens: ${err.message}\n`;
  // The stack when there is one: an internal error is our bug to find.
  return `tool-schema-lens: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`;
}
