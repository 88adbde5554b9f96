// Tags a release: `v<version>` (package.json's version, e.g. v0.1.0) names one release of the CLI, the GitHub Action
// and the pre-commit hooks; `v<major>` (v0) moves to the newest release of that major, for `uses: …@v0`. Tags are
// made at HEAD of a clean tree and never pushed here: the script prints the push commands. `--dry-run` only says.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const dryRun = process.argv.includes('--dry-run');
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const fail = (message) => {
  process.stderr.write(`release-tag: ${message}\n`);
  process.exit(1);
};

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
if (!/^\d+\.\d+\.\d+$/.test(version)) fail(`package.json's version ${version} is not a release version (major.minor.patch)`);
if (git('status', '--porcelain')) fail('the working tree has uncommitted changes: a tag names what is committed');
const release = `v${version}`;
const major = `v${version.split('.')[0]}`;
if (git('tag', '--list', release)) fail(`${release} exists already (raise the version with \`npm version patch|minor|major\`)`);

const head = git('rev-parse', 'HEAD');
const lines = [`${release} (release) and ${major} (moving major) at ${head.slice(0, 12)}`];
if (!dryRun) {
  git('tag', '-a', release, '-m', `Tool Schema Lens ${version}`);
  git('tag', '-f', '-a', major, '-m', `Tool Schema Lens ${version} (latest ${major}.x)`);
  lines.push(`Push them: git push origin ${release} && git push --force origin ${major}`);
}
process.stdout.write(`${dryRun ? 'would tag ' : 'tagged '}${lines.join('\n')}\n`);
