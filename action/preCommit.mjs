#!/usr/bin/env node
// The pre-commit hooks' entry (`.pre-commit-hooks.yaml`, language: script): pre-commit runs it from its checkout of
// this repository, in the user's repository. It runs the project's own install of tool-schema-lens when there is one,
// else the CLI built once in pre-commit's checkout, as the GitHub Action does. (A `language: node` hook cannot work:
// pre-commit reads the tarball's name from `npm pack`'s output, which a build on pack fills with its own lines.)
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveCli } from './resolveCli.mjs';

const checkout = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = resolveCli({
  cwd: process.cwd(),
  actionPath: checkout,
  given: process.env.TOOL_SCHEMA_LENS_BIN,
  log: (line) => line && process.stderr.write(`${line}\n`),
});
if ('failure' in cli) {
  process.stderr.write(`tool-schema-lens: could not run: ${cli.failure}\n`);
  process.exit(2);
}
const run = spawnSync(cli.command, [...cli.args, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 2);
