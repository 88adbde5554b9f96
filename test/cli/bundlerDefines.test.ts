/**
 * A server written for a bundler names its build-time constants as globals; the check replaces those the bundler
 * config states exactly (a literal, the package version), as the bundler would, and leaves the others out.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundlerDefines, parseDefines } from '../../server/pipeline/evaluate/bundlerDefines';
import { runInProcess } from './runCli';

describe("a bundler's define", () => {
  it('the constants replace as the bundler would: the tool is found with its name and description', async () => {
    const run = await runInProcess(['check', 'load-defines', '--format', 'json']);
    const report = JSON.parse(run.stdout);
    expect(report.diagnostics.filter((d: any) => d.code === 'evaluation-failed')).toEqual([]);
    expect(report.tools.map((t: any) => [t.name, t.definition?.description])).toEqual([['acme_lookup', 'v2.3.4']]);
  });

  it('only what the config states exactly: literals, strings as source text, JSON.stringify of the package version', () => {
    const config = `export default { define: { __A__: JSON.stringify(pkg.version), __B__: '"x"', __C__: 3, __D__: JSON.stringify(new Date()), 'process.env.X': '"y"', __E__: 'not json' } }`;
    expect(parseDefines(config, () => '1.0.0')).toEqual({ __A__: '"1.0.0"', __B__: '"x"', __C__: '3' });
  });

  it('a config added, changed or removed between two transforms is seen by the next', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'tsl-defines-'));
    try {
      mkdirSync(path.join(root, 'src'));
      writeFileSync(path.join(root, 'package.json'), '{"version":"1.2.3"}');
      const file = path.join(root, 'src', 'server.ts');
      // The folders' listings are kept once their mtime is seconds old: aged here, as a workspace's folders are.
      const age = () => {
        const past = new Date(Date.now() - 60_000);
        for (const dir of [root, path.join(root, 'src')]) utimesSync(dir, past, past);
      };
      age();
      expect(bundlerDefines(file)).toEqual({});
      writeFileSync(path.join(root, 'vite.config.ts'), 'export default { define: { __V__: JSON.stringify(pkg.version) } }');
      expect(bundlerDefines(file)).toEqual({ __V__: '"1.2.3"' });
      age();
      expect(bundlerDefines(file)).toEqual({ __V__: '"1.2.3"' });
      writeFileSync(path.join(root, 'vite.config.ts'), "export default { define: { __V__: '42' } }");
      expect(bundlerDefines(file)).toEqual({ __V__: '42' });
      rmSync(path.join(root, 'vite.config.ts'));
      expect(bundlerDefines(file)).toEqual({});
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
