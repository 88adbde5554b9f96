/**
 * A server that validates its environment with a schema and exits (found on real code): zod reads the variables,
 * not the workspace's own code, yet the finding must name the missing one. A package's read counts when the module's
 * output names it, so NOTES_API_TOKEN is named and NOTES_REGION (read too, with a default) is not; set the variable,
 * and the tool is found. By default the start runs again with a placeholder for the named variable only, and the
 * tool says so.
 */
import { describe, expect, it } from 'vitest';
import { runInProcess } from './runCli';

describe('an environment validated by a schema', { timeout: 120_000 }, () => {
  it('names the variable the schema missed, and with it set the tool is found', async () => {
    const failed = JSON.parse((await runInProcess(['check', 'eval-env-schema', '--format', 'json', '--no-placeholders'])).stdout);
    const finding = failed.diagnostics.find((d: { code: string }) => d.code === 'evaluation-failed');
    expect(finding.message).toContain(
      'this module ended the process while loading, so its tool schemas are not analysed; set NOTES_API_TOKEN with check --env or .env. process.exit(1) was called. It read NOTES_API_TOKEN, unset; in the editor, set it in toolSchemaLens.evaluation.env. It printed `Invalid environment variables { errors: [], properties: { NOTES_API_TOKEN: { errors: [Array] } } }` before.',
    );
    expect(finding.message).not.toContain('NOTES_REGION');
    expect(failed.tools).toEqual([]);
    const ok = JSON.parse((await runInProcess(['check', 'eval-env-schema', '--format', 'json', '--env', 'NOTES_API_TOKEN=placeholder'])).stdout);
    expect(ok.tools.map((t: { name: string }) => t.name)).toEqual(['list_notes']);
    expect(ok.diagnostics.filter((d: { code: string }) => d.code === 'evaluation-failed')).toEqual([]);
    const placeheld = JSON.parse((await runInProcess(['check', 'eval-env-schema', '--format', 'json'])).stdout);
    expect(placeheld.tools.map((t: { name: string; placeholders?: string[] }) => [t.name, t.placeholders])).toEqual([['list_notes', ['NOTES_API_TOKEN']]]);
  });
});
