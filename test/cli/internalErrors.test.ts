/**
 * Never silent (issue 26, item 5): a client rule that throws used to become "no finding". Now what it cost is traced:
 * `check` counts it on stderr, prints it whole with --debug, and the language server writes it to its output
 * channel. The fault is injected (TOOL_SCHEMA_LENS_FAULT), as nothing in a workspace can make a rule throw on purpose.
 */
import * as fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture, TestClient } from '../lsp/client';
import { runCli } from './runCli';

const FAULT = { TOOL_SCHEMA_LENS_FAULT: 'client-rules' };
const clients: TestClient[] = [];
const roots: string[] = [];
afterAll(() => {
  for (const c of clients) c.kill();
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

describe('an internal error', { timeout: 240_000 }, () => {
  it('is counted by check, and printed whole with --debug', async () => {
    // A run without the fault first: its results, kept in the result cache, must not answer the runs with it.
    const before = await runCli(['check', 'two-servers', '--clients', 'codex']);
    expect(before.stdout).toContain('client-rejects');
    const plain = await runCli(['check', 'two-servers', '--clients', 'codex'], { env: FAULT });
    expect(plain.stderr).toContain('tool-schema-lens: 2 internal error(s) of the check itself; a finding may be missing (run with --debug to see them)');
    // The client finding the rule would have made is the one missing: nothing else changes.
    expect(plain.stdout).not.toContain('client-rejects');
    const debug = await runCli(['check', 'two-servers', '--clients', 'codex', '--debug'], { env: FAULT });
    expect(debug.stderr).toMatch(
      /tool-schema-lens: internal error in two-servers\/src\/docs\.ts: judging tool search against the client rules failed, so its client-rejects findings are missing: Error: injected fault \(TOOL_SCHEMA_LENS_FAULT=client-rules\)/,
    );
    const clean = await runCli(['check', 'two-servers', '--clients', 'codex', '--debug']);
    expect(clean.stderr).not.toContain('internal error');
    expect(clean.stdout).toContain('client-rejects');
  });

  it('is written to the language server output channel', async () => {
    const root = copyFixture('two-servers');
    roots.push(root);
    const client = await TestClient.spawn({ root, settings: { clients: ['codex'] }, env: FAULT });
    clients.push(client);
    await client.waitForStatus('idle');
    expect(client.logs.join('\n')).toMatch(/Tool Schema Lens: internal error in .*docs\.ts: judging tool search against the client rules failed/);
  });
});
