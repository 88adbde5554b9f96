/**
 * A server written for a bundler names its build-time constants as globals; the check replaces those the bundler
 * config states exactly (a literal, the package version), as the bundler would, and leaves the others out.
 */
import { describe, expect, it } from 'vitest';
import { parseDefines } from '../../server/pipeline/evaluate/bundlerDefines';
import { runCli } from './runCli';

describe("a bundler's define", () => {
  it('the constants replace as the bundler would: the tool is found with its name and description', async () => {
    const run = await runCli(['check', 'load-defines', '--format', 'json']);
    const report = JSON.parse(run.stdout);
    expect(report.diagnostics.filter((d: any) => d.code === 'evaluation-failed')).toEqual([]);
    expect(report.tools.map((t: any) => [t.name, t.definition?.description])).toEqual([['acme_lookup', 'v2.3.4']]);
  });

  it('only what the config states exactly: literals, strings as source text, JSON.stringify of the package version', () => {
    const config = `export default { define: { __A__: JSON.stringify(pkg.version), __B__: '"x"', __C__: 3, __D__: JSON.stringify(new Date()), 'process.env.X': '"y"', __E__: 'not json' } }`;
    expect(parseDefines(config, () => '1.0.0')).toEqual({ __A__: '"1.0.0"', __B__: '"x"', __C__: '3' });
  });
});
