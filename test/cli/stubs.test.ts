/**
 * Modules the user names are served by stubs, as platform modules are (issue 20): a server importing a
 * deploy-only runtime and a native driver fails to load without them, and with `--stub` registers its tool
 * and the report says what was stubbed.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runInProcess } from './runCli';

const cwd = path.join(FIXTURES, 'user-stubs');

describe('--stub', { timeout: 120_000 }, () => {
  it('serves the named modules (exactly, or by a prefix with *) by stubs; without them the file fails to load', async () => {
    const without = JSON.parse((await runInProcess(['check', '.', '--format', 'json'], { cwd, timeoutMs: 100_000 })).stdout) as {
      tools: unknown[];
      diagnostics: Array<{ code: string; message: string }>;
    };
    expect(without.tools).toEqual([]);
    expect(without.diagnostics.find((d) => d.code === 'evaluation-failed')?.message).toMatch(
      /^could not load this file, so its tool schemas are not analysed; install @acme\/deploy-runtime with your package manager\. Could not resolve "@acme\/deploy-runtime".*stubbed: check --stub @acme\/deploy-runtime or toolSchemaLens\.evaluation\.stubs\.$/,
    );

    const run = await runInProcess(['check', '.', '--format', 'json', '--stub', '@acme/deploy-runtime', '--stub', 'native-sqlite-driver*'], {
      cwd,
      timeoutMs: 100_000,
    });
    const report = JSON.parse(run.stdout) as { tools: Array<{ name: string }>; stubbed: string[]; diagnostics: Array<{ code: string }> };
    expect(report.tools.map((t) => t.name)).toEqual(['query']);
    expect(report.stubbed).toEqual(['@acme/deploy-runtime', 'native-sqlite-driver/promise']);
    expect(report.diagnostics.filter((d) => d.code === 'evaluation-failed')).toEqual([]);
  });
});

describe('native addons', { timeout: 120_000 }, () => {
  const addon = path.join(FIXTURES, 'native-addon');
  it('are refused and named at the load, unless --allow-addons', async () => {
    const refused = JSON.parse((await runInProcess(['check', '.', '--format', 'json'], { cwd: addon, timeoutMs: 100_000 })).stdout) as {
      tools: Array<{ name: string }>;
      diagnostics: Array<{ code: string; line: number; message: string }>;
    };
    expect(refused.tools.map((t) => t.name)).toEqual(['minify_refused']);
    // Named by the package whose addon it is (lightningcss's binary package for this platform), at the require.
    expect(refused.diagnostics.map((d) => `${d.line} ${d.code}`)).toEqual(['9 evaluation-refused']);
    expect(refused.diagnostics[0].message).toMatch(
      /^while checking, this module tried to load the native addon of lightningcss[\w-]*, and the check refused it; allow addons with check --allow-addons, or stub its package\. .*\(check --stub lightningcss[\w-]*\)\. Evaluation went on\.$/,
    );
    const allowed = JSON.parse((await runInProcess(['check', '.', '--format', 'json', '--allow-addons'], { cwd: addon, timeoutMs: 100_000 })).stdout) as {
      tools: Array<{ name: string }>;
      diagnostics: unknown[];
    };
    expect(allowed.tools.map((t) => t.name)).toEqual(['minify_native']);
    expect(allowed.diagnostics).toEqual([]);
  });
});
