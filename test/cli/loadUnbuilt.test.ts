/**
 * The workspace's own packages imported by name before a build (test/fixtures/load-unbuilt/README.md): a
 * self-reference and a linked sibling whose `exports` name `dist/` files that are not there are loaded from their
 * source, as a dev runner would run them after its build step, and each tool is what the SDK's client receives.
 */
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, runInProcess } from './runCli';

const root = path.join(FIXTURES, 'load-unbuilt');

beforeAll(() => {
  const link = path.join(root, 'node_modules', '@acme', 'lib');
  if (!existsSync(link)) {
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.join('..', '..', 'packages', 'lib'), link, 'dir');
  }
});

describe('unbuilt workspace packages', () => {
  it('a self-reference and a linked package load from source: every tool found, sent by the library, no failure', async () => {
    const run = await runInProcess(['check', 'examples', '--format', 'json'], { cwd: root });
    const report = JSON.parse(run.stdout);
    expect(report.diagnostics.filter((d: any) => d.code === 'evaluation-failed')).toEqual([]);
    const tools = report.tools.map((t: any) => [t.name, t.source, t.definition?.inputSchema?.properties]);
    expect(tools.sort()).toEqual([
      ['lib_echo', 'library', { text: { type: 'string', maxLength: 200 } }],
      ['unbuilt_lookup', 'library', { id: { type: 'string', format: 'uuid', pattern: expect.any(String) } }],
    ]);
  });
});
