/**
 * A module that searches for its configuration from the working folder up to the filesystem's root (as config
 * loaders such as cosmiconfig do, `.puppeteerrc` included) probes folders outside what evaluated code may read. Each
 * probe (`statSync`, `statSync(p, { throwIfNoEntry: false })`, `access`) answers "not there", as the library expects
 * on the way; the permission model's own error made it throw, and every tool behind that import was lost.
 */
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runInProcess } from './runCli';

describe('a configuration searched for up to the root', () => {
  it('is not found outside the workspace, and the module goes on to register its tool', async () => {
    const run = await runInProcess(['check', '.', '--format', 'json', '--no-cache'], { cwd: path.join(FIXTURES, 'load-config-search') });
    const report = JSON.parse(run.stdout) as { tools: Array<{ name: string; definition: { description?: string } }>; diagnostics: Array<{ code: string }> };
    expect(report.diagnostics.map((d) => d.code)).toEqual([]);
    expect(report.tools.map((t) => [t.name, t.definition.description])).toEqual([['lookup', 'Defaults']]);
    expect(run.code).toBe(0);
  });
});
