/**
 * `snapshot`, `diff` and `check --baseline` as CI runs them (issue 25): a snapshot is byte-stable across runs and
 * across machines' path layouts; `check --format json` lists tools in its order; a change to the source is classified
 * per tool and fails the run per `--fail-on-drift`, apart from the findings' `--fail-on`; a missing or foreign baseline is a usage error, not a pass.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, REPO, runInProcess } from './runCli';

const made: string[] = [];
/** A copy of a fixture somewhere else on disk, resolving its packages from the repository. */
function copyOf(fixture: string, under = os.tmpdir()): string {
  const dir = fs.mkdtempSync(path.join(under, 'tsl-snapshot-'));
  made.push(dir);
  fs.cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

describe('snapshot', { timeout: 180_000 }, () => {
  it('is the same bytes in two runs and in two path layouts, and check --format json lists tools in its order', async () => {
    const a = copyOf('flatten-verdicts');
    const deeper = fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-other-layout-'));
    made.push(deeper);
    const b = copyOf('flatten-verdicts', deeper);
    const [first, second, elsewhere] = await Promise.all([
      runInProcess(['snapshot', '.'], { cwd: a }),
      runInProcess(['snapshot', '.', '-o', 'tools.snapshot.json'], { cwd: a }),
      runInProcess(['snapshot', '.'], { cwd: b }),
    ]);
    expect(first.code).toBe(0);
    const written = fs.readFileSync(path.join(a, 'tools.snapshot.json'), 'utf8');
    expect(second.stdout).toBe('');
    expect(written).toBe(first.stdout);
    expect(elsewhere.stdout).toBe(first.stdout);
    const snapshot = JSON.parse(first.stdout);
    expect(snapshot.format).toBe(1);
    expect(snapshot.servers.map((s: any) => [s.server, s.library, s.tools.map((t: any) => t.name)])).toEqual([
      ['store', '@modelcontextprotocol/sdk', ['report', 'store']],
    ]);
    expect(snapshot.servers[0].tools[0].digest).toMatch(/^sha256-[0-9a-f]{64}$/);
    expect(first.stdout).not.toContain(a);
    const json = JSON.parse((await runInProcess(['check', '.', '--format', 'json'], { cwd: a })).stdout);
    expect(json.tools.map((t: any) => t.name)).toEqual(['report', 'store']);
  });

  it('of a folder with no tool is empty and exits 1, saying so', async () => {
    const run = await runInProcess(['snapshot', 'servers-empty']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no tool found; the snapshot is empty');
  });
});

describe('what the model sees changed', { timeout: 180_000 }, () => {
  it('is classified per tool against a baseline, fails on a breaking change, and diff says the same of two snapshots', async () => {
    const dir = copyOf('flatten-verdicts');
    expect((await runInProcess(['snapshot', '.', '-o', 'before.json'], { cwd: dir })).code).toBe(0);
    const store = path.join(dir, 'src', 'store.ts');
    fs.writeFileSync(
      store,
      fs
        .readFileSync(store, 'utf8')
        .replace(
          "z.object({ op: z.literal('incr'), value: z.number().int().min(0) }),",
          "z.object({ op: z.literal('incr'), value: z.number().int().min(0), by: z.number() }),\n  z.object({ op: z.literal('del') }),",
        )
        .replace('ttl: z.number().optional()', "ttl: z.number().optional().describe('seconds')"),
    );
    const checked = await runInProcess(['check', '.', '--baseline', 'before.json', '--format', 'json'], { cwd: dir });
    expect(checked.code).toBe(1);
    const drift = JSON.parse(checked.stdout).drift;
    expect(drift.map((d: any) => [d.server, d.tool, d.status, d.class])).toEqual([['store', 'store', 'changed', 'breaking']]);
    expect(drift[0].changes.map((c: any) => `${c.class} ${c.path}: ${c.what}`)).toEqual([
      'descriptive action{op=set}.ttl: description changed',
      'breaking action{op=incr}.by: added as required',
      'non-breaking action{op=del}: variant added',
    ]);
    // Two gates apart: --fail-on decides by the findings (this fixture has a client error), --fail-on-drift by the drift.
    const plain = await runInProcess(['check', '.'], { cwd: dir });
    expect(plain.code).toBe(1);
    const gated = (...flags: string[]) => runInProcess(['check', '.', '--baseline', 'before.json', ...flags], { cwd: dir }).then((r) => r.code);
    expect(await gated('--fail-on-drift', 'none')).toBe(1); // the error finding still fails
    expect(await gated('--fail-on', 'none')).toBe(1); // the breaking change still fails
    expect(await gated('--fail-on', 'none', '--fail-on-drift', 'none')).toBe(0);
    expect(await gated('--clients', 'claude-code', '--fail-on-drift', 'none')).toBe(0);
    const text = await runInProcess(['check', '.', '--baseline', 'before.json'], { cwd: dir });
    expect(text.stdout).toContain('Changes from before.json:\n  ✖ breaking  store / store\n');

    expect((await runInProcess(['snapshot', '.', '-o', 'after.json'], { cwd: dir })).code).toBe(0);
    const diff = await runInProcess(['diff', 'before.json', 'after.json', '--format', 'json'], { cwd: dir });
    expect(diff.code).toBe(1);
    expect(JSON.parse(diff.stdout).drift).toEqual(drift);
    expect((await runInProcess(['diff', 'after.json', 'after.json'], { cwd: dir })).stdout).toBe('✔ what ships is the same as after.json\n');
    const md = await runInProcess(['diff', 'before.json', 'after.json', '--format', 'markdown'], { cwd: dir });
    expect(md.stdout).toContain('| ❌ breaking | `store / store` | `action{op=incr}.by` | added as required |');
    expect((await runInProcess(['diff', 'before.json', 'after.json', '--fail-on-drift', 'none'], { cwd: dir })).code).toBe(0);

    // The drift gate alone, as the snapshot hook runs it: a change that breaks no caller passes, whatever the findings.
    fs.writeFileSync(store, fs.readFileSync(store, 'utf8').replace("describe('seconds')", "describe('seconds to keep it')"));
    const alone = ['check', '.', '--baseline', 'after.json', '--fail-on', 'none'];
    expect(await runInProcess(alone, { cwd: dir })).toMatchObject({ code: 0, stdout: expect.stringContaining('0 breaking, 0 non-breaking, 1 descriptive') });
    expect((await runInProcess([...alone, '--fail-on-drift', 'any'], { cwd: dir })).code).toBe(1);
  });

  it('against a missing or foreign baseline is a usage error (exit 2) before anything runs', async () => {
    const missing = await runInProcess(['check', 'flatten-verdicts', '--baseline', 'nowhere.json']);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('cannot read the snapshot nowhere.json')]);
    const foreign = await runInProcess(['check', 'flatten-verdicts', '--baseline', 'flatten-verdicts/package.json']);
    expect([foreign.code, foreign.stderr]).toEqual([2, expect.stringContaining('it is not a tool-schema-lens snapshot')]);
  });
});
