/**
 * Client verdicts on the schema that ships after flattening (issue 24, item 4): a refusal the flatten caused names
 * the flatten and a fix about it, on the key, not a zod call that did not cause it; a union shipped as written says
 * which selected clients flattening would satisfy and which it would break.
 */
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FIXTURES, REPO, runInProcess } from './runCli';

interface Row {
  line: number;
  column: number;
  code: string;
  path: string;
  message: string;
}

async function check(...flags: string[]): Promise<Row[]> {
  const run = await runInProcess(['check', 'flatten-verdicts', '--format', 'json', ...flags]);
  return (JSON.parse(run.stdout) as { diagnostics: Row[] }).diagnostics;
}

describe('client verdicts on a flattened union', { timeout: 120_000 }, () => {
  it('a type array and a key made optional by the flatten are refusals of the flatten, placed on the key', async () => {
    const rows = await check('--flatten', 'always', '--collision-widening', 'type-array', '--clients', 'gemini,openai-strict');
    const atValue = rows.filter((d) => d.code === 'client-rejects' && d.path === 'action.value');
    expect(atValue.map((d) => `${d.line}:${d.column}`)).toEqual(['7:36', '7:36']);
    const [optional, typeArray] = [atValue.find((d) => d.message.includes('is optional')), atValue.find((d) => d.message.includes('list of types'))];
    expect(typeArray?.message).toContain('(made by the flatten: variants set and incr declare `value` differently)');
    expect(typeArray?.message).toContain(
      'rename `value` in one variant so the flatten keeps each declaration as written, or set collisionWidening to base-type.',
    );
    expect(optional?.message).toContain('(made by the flatten, which keeps only `op` required; variants set and incr require it)');
    // The user's own `.optional()` keeps its zod call and its usual fix.
    const ttl = rows.find((d) => d.code === 'client-rejects' && d.path === 'action.ttl');
    expect(ttl?.message).toContain('(from `.optional()`)');
    expect(rows.every((d) => !d.message.includes('(from `.nullable()`)'))).toBe(true);
  });

  it('a flat object over a strict budget of optional keys says how many the flatten made optional', async () => {
    const rows = await check('--flatten', 'always', '--clients', 'anthropic-strict');
    const budget = rows.find((d) => d.code === 'client-rejects' && d.message.startsWith('Tool report:'));
    expect(budget?.message).toContain(
      'the input schema has 27 optional properties (27 of them optional only because the flatten keeps just the discriminator required)',
    );
    expect(budget?.message).toContain('split the tool, or do not flatten the union for this client.');
  });

  it('a union shipped as written says which selected clients flattening would satisfy and which it would break', async () => {
    const unknown = await check('--flatten', 'never', '--clients', 'gemini');
    expect(unknown.find((d) => d.code === 'union-shipped' && d.path === 'action')?.message).toMatch(
      /loses `action.value` \(as unknown\)\. Flattened, it would be taken by Gemini \(parameters\)\.$/,
    );
    const typed = await check('--flatten', 'never', '--collision-widening', 'type-array', '--clients', 'gemini');
    expect(typed.find((d) => d.code === 'union-shipped' && d.path === 'action')?.message).toMatch(
      /loses `action.value` \(as string or integer\)\. Flattened, it would be refused by Gemini \(parameters\) \(now because `action.value` has a list of types \["string","integer"\]\)\.$/,
    );
    const budget = await check('--flatten', 'never', '--clients', 'anthropic-strict');
    expect(budget.find((d) => d.code === 'union-shipped' && d.path === 'report')?.message).toMatch(
      /Flattened, it would be refused by Anthropic \(strict\) \(the input schema has 27 optional properties\)\.$/,
    );
  });

  it('a client rule the user turned off is not named', async () => {
    // A copy of the fixture with a project file that turns Gemini's const rule off: as written, Gemini then refuses nothing.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flatten-verdicts-'));
    try {
      fs.cpSync(path.join(FIXTURES, 'flatten-verdicts'), dir, { recursive: true });
      fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'));
      fs.writeFileSync(path.join(dir, 'toolschemalens.config.json'), JSON.stringify({ severity: { 'gemini/const': 'off' } }));
      const run = await runInProcess(['check', '.', '--format', 'json', '--flatten', 'never', '--clients', 'gemini'], { cwd: dir });
      const rows = (JSON.parse(run.stdout) as { diagnostics: Row[] }).diagnostics;
      expect(rows.find((d) => d.code === 'union-shipped' && d.path === 'action')?.message).toMatch(/loses `action.value` \(as unknown\)\.$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
