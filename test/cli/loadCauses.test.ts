/**
 * A load failure says what it comes from, in the terms of its fix (test/fixtures/load-causes): a global of the Node
 * the package's `engines` names is given (WebSocket, when engines says 22); a method a newer Node added is named with
 * the version that has it; a browser global is named as another runtime's. The workspace's `no-tools-found` repeats
 * those causes, most common first, instead of a generic list. Run on a Node older than 22 (the suite's Node 20),
 * where these APIs are missing; on a newer Node they load, and the first case is all there is to see.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runInProcess } from './runCli';

const root = path.join(FIXTURES, 'load-causes');
const OLD_NODE = Number(process.versions.node.split('.')[0]) < 22;
interface Report {
  tools: Array<{ name: string }>;
  diagnostics: Array<{ code: string; file: string; message: string }>;
}
const check = async (folder: string): Promise<Report> =>
  JSON.parse((await runInProcess(['check', folder, '--format', 'json', '--no-cache'], { cwd: root })).stdout) as Report;
const messageOf = (report: Report, file: string) => report.diagnostics.find((d) => d.code === 'evaluation-failed' && d.file.endsWith(file))?.message;

describe('causes of load failures', () => {
  it('code written for Node 22 (engines) gets its WebSocket', async () => {
    expect((await check('node22')).tools.map((t) => t.name)).toEqual(['relay_open']);
  });

  it.runIf(OLD_NODE)('a method of a newer Node is named with the version that has it, the fix first', async () => {
    expect(messageOf(await check('node22'), 'resolvers.ts')).toMatch(
      /^its code needs Node 22 or newer \(Promise\.withResolvers\); run the check with Node 22\. The check runs on Node 20[.\d]*\. Its tool schemas are not analysed \(loading this file threw: TypeError: Promise\.withResolvers is not a function\)\.$/,
    );
  });

  it.runIf(OLD_NODE)("a global of a newer Node than engines names says how to get it; a browser's is another runtime's", async () => {
    const report = await check('node20');
    expect(messageOf(report, 'server.ts')).toMatch(
      /^its code needs Node 22 or newer \(WebSocket\); declare "engines": \{ "node": ">=22" \} or run the check with Node 22\..*in its package\.json/,
    );
    expect(messageOf(report, 'browser.ts')).toMatch(
      /^it reads localStorage, which Node does not have; exclude this file .* localStorage is a global of a browser/,
    );
    const workspace = report.diagnostics.find((d) => d.code === 'no-tools-found')?.message;
    expect(workspace).toMatch(/2 of the 2 files checked failed to evaluate: 1 because it reads localStorage.*; 1 because its code needs Node 22/);
    expect(workspace).not.toMatch(/npm install/);
  });
});
