/** The scratch folder a pool confines its workers to, and what becomes of one whose owner was killed outright. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { confine } from '../../server/pipeline/evaluate/host/permissions';

describe('the scratch folder', () => {
  it('holds HOME and the temp folder, goes on dispose, and a dead owner’s is swept by the next pool', () => {
    // A pid that is surely gone: a process that has exited.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const stale = path.join(os.tmpdir(), `tool-schema-lens-scratch-${dead}-stale`);
    mkdirSync(path.join(stale, 'home'), { recursive: true });
    const confinement = confine(undefined, __dirname);
    expect(existsSync(stale)).toBe(false);
    const home = confinement.env.HOME;
    expect(statSync(home).isDirectory()).toBe(true);
    expect(path.basename(path.dirname(home))).toMatch(new RegExp(`^tool-schema-lens-scratch-${process.pid}-`));
    expect(confinement.env.TMPDIR.startsWith(path.dirname(home))).toBe(true);
    confinement.dispose();
    expect(existsSync(path.dirname(home))).toBe(false);
  });
});
