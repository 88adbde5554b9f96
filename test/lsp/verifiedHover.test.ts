/**
 * The providers' answers in the editor (issue 55): with a toolschemalens.verified.json in the folder, a real LSP
 * client's hover on a tool shows what each provider answered `verify` ("✗ refused by Anthropic: verified …, model")
 * and the verdict-drift where the profile disagrees; an answer given for another digest of the tool is not shown.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { runInProcess } from '../cli/runCli';
import { copyFixture, TestClient } from './client';
import { positionOf } from './fixture';

const clients: TestClient[] = [];
const roots: string[] = [];
afterAll(() => {
  for (const c of clients) c.kill();
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

const REFUSAL = "tools.0.custom: For 'integer' type, properties maximum, minimum are not supported";

describe('verified answers in the hover', { timeout: 240_000 }, () => {
  it('show on the tool they hold for, with the verdict-drift, and not on a tool changed since', async () => {
    const root = copyFixture('verify');
    roots.push(root);
    const snapshot = JSON.parse((await runInProcess(['snapshot', '.'], { cwd: root })).stdout);
    const digest = (name: string) => snapshot.servers[0].tools.find((t: any) => t.name === name).digest as string;
    const answer = { server: 'mixer', model: 'claude-haiku-4-5', sdk: '@anthropic-ai/sdk 1.17.0', date: '2026-12-07', predicted: [] };
    const verdicts = [
      { ...answer, tool: 'set_volume', digest: digest('set_volume'), provider: 'anthropic', accepted: false, error: REFUSAL },
      { ...answer, tool: 'set_volume', digest: digest('set_volume'), provider: 'gemini-json', model: 'gemini-2.5-flash', accepted: true },
      // Sent when `lookup` was another tool: it no longer holds.
      { ...answer, tool: 'lookup', digest: 'sha256:0000', provider: 'anthropic', accepted: false, error: 'refused then' },
    ];
    fs.writeFileSync(path.join(root, 'toolschemalens.verified.json'), JSON.stringify({ format: 1, verdicts }));

    const client = await TestClient.inProcess({ root });
    clients.push(client);
    await client.waitForStatus('idle');
    const file = path.join(root, 'tools.ts');
    const hoverOn = async (name: string) => ((await client.hover(file, positionOf(file, `'${name}'`, 0, 2)))!.contents as MarkupContent).value;
    const volume = await hoverOn('set_volume');
    expect(volume).toContain(`✗ refused by Anthropic: verified 2026-12-07, claude-haiku-4-5: “${REFUSAL}”  \n✓ accepted by Gemini`);
    expect(volume).toMatch(/\*\*error\*\* `verdict-drift`: Tool set_volume: Anthropic refused it, where its profile predicts it loads/);
    const lookup = await hoverOn('lookup');
    expect(lookup).toContain('**Tool `lookup`**');
    expect(lookup).not.toContain('refused');
    expect(lookup).not.toContain('verdict-drift');
  });
});
