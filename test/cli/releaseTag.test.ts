/**
 * The release tag scheme the README names (issue 52): `npm run release:tag` makes `v<version>` and the moving
 * `v<major>` at HEAD of a clean tree, refuses a dirty tree or a version already tagged, and never pushes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from './runCli';

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-release-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));
const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
const git = (...args: string[]) => execFileSync('git', args, { cwd: temp, env, encoding: 'utf8' }).trim();
const tag = (...args: string[]) => spawnSync(process.execPath, [path.join(REPO, 'scripts', 'release-tag.mjs'), ...args], { cwd: temp, env, encoding: 'utf8' });

describe('scripts/release-tag.mjs', () => {
  it('tags v<version> and moves v<major> at HEAD, and refuses a dirty tree or a version tagged already', () => {
    git('init', '-q');
    fs.writeFileSync(path.join(temp, 'package.json'), JSON.stringify({ name: 'x', version: '0.1.0' }));
    git('add', '-A');
    git('commit', '-qm', 'first');
    expect(tag('--dry-run')).toMatchObject({ status: 0, stdout: expect.stringMatching(/^would tag v0\.1\.0 \(release\) and v0 \(moving major\)/) });
    expect(git('tag', '--list')).toBe('');

    const made = tag();
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain('git push origin v0.1.0 && git push --force origin v0');
    expect(git('rev-parse', 'v0.1.0^{commit}')).toBe(git('rev-parse', 'HEAD'));
    expect(tag()).toMatchObject({ status: 1, stderr: expect.stringContaining('v0.1.0 exists already') });

    fs.writeFileSync(path.join(temp, 'package.json'), JSON.stringify({ name: 'x', version: '0.1.1' }));
    expect(tag()).toMatchObject({ status: 1, stderr: expect.stringContaining('uncommitted changes') });
    git('commit', '-qam', 'second');
    expect(tag().status).toBe(0);
    expect(git('rev-parse', 'v0^{commit}')).toBe(git('rev-parse', 'HEAD')); // the major tag moved
    expect(git('rev-parse', 'v0.1.0^{commit}')).not.toBe(git('rev-parse', 'HEAD'));
  });
});
