/**
 * One configuration for CI and the editor (issue 23, item 4): `check` reads the checked folder's
 * toolschemalens.config.json (clients, severities per code and per client rule), flags win over it, what it gets wrong
 * is a finding on it, and `// tool-schema-lens-disable-next-line` silences one line's finding (an unused one is reported).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture } from '../lsp/client';
import { runInProcess } from './runCli';

const root = copyFixture('project-config');
const config = path.join(root, 'toolschemalens.config.json');
const original = fs.readFileSync(config, 'utf8');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

interface Row {
  file: string;
  line: number;
  severity: string;
  code: string;
  rule?: string;
  targets?: string[];
}

async function check(...flags: string[]): Promise<{ code: number | null; rows: string[] }> {
  const run = await runInProcess(['check', '.', '--format', 'json', ...flags], { cwd: root });
  const out = JSON.parse(run.stdout) as { diagnostics: Row[] };
  return {
    code: run.code,
    rows: out.diagnostics.map((d) => [d.file, d.line, d.severity, d.code, d.rule ? `${(d.targets ?? []).join('+')}/${d.rule}` : ''].join(' ').trim()),
  };
}

describe('the project file toolschemalens.config.json', { timeout: 120_000 }, () => {
  it('sets clients and severities (a client rule at one client off), and each mistake in it is a warning on its key', async () => {
    fs.writeFileSync(config, original);
    expect(await check()).toEqual({
      code: 0,
      rows: [
        // The comment above `const Target` silenced union-shipped (an error by the project file); this one silences nothing.
        'src/server.ts 18 warning unused-suppression',
        'toolschemalens.config.json 6 warning config-invalid',
        'toolschemalens.config.json 9 warning config-invalid',
      ],
    });
  });

  it('gives way to the flags given on the command line', async () => {
    fs.writeFileSync(config, original);
    const { rows } = await check('--clients', 'codex');
    // --clients replaces the project's list; the project's severities still apply (codex/format stays off).
    expect(rows.filter((r) => r.includes('client-rejects'))).toEqual([]);
  });

  it('without it, the same folder reports what the file turned off', async () => {
    fs.rmSync(config);
    const { code, rows } = await check('--clients', 'codex');
    expect(code).toBe(1);
    expect(rows).toEqual([
      'src/server.ts 8 error client-rejects codex/format',
      'src/server.ts 18 warning unused-suppression',
      'src/server.ts 27 error client-rejects codex/format',
    ]);
  });

  it('that does not parse is an error on it (exit 1), and the folder is checked with the defaults', async () => {
    fs.writeFileSync(config, original.replace('"clients"', 'clients'));
    const run = await runInProcess(['check', '.'], { cwd: root });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^toolschemalens\.config\.json:2:3 error config-invalid toolschemalens\.config\.json is not valid JSON \(.*\): the folder is checked/m,
    );
    fs.writeFileSync(config, original);
  });
});

describe('inline suppression', { timeout: 120_000 }, () => {
  it('silences a client rule at the clients it names, and says which one is missing when only some are named', async () => {
    fs.writeFileSync(config, '{}\n');
    const server = path.join(root, 'src/server.ts');
    const text = fs.readFileSync(server, 'utf8');
    try {
      fs.writeFileSync(
        server,
        text.replace("  { description: 'Open a link',", "  // tool-schema-lens-disable-next-line codex/format\n  { description: 'Open a link',"),
      );
      const link =
        fs
          .readFileSync(server, 'utf8')
          .split('\n')
          .findIndex((l) => l.includes("description: 'Open a link'")) + 1;
      const { rows } = await check('--clients', 'codex');
      expect(rows.some((r) => r.startsWith(`src/server.ts ${link} `))).toBe(false);
      // OpenAI's strict mode refuses the format too: naming Codex alone does not silence a finding that also names it.
      const both = await check('--clients', 'codex,openai-strict');
      expect(both.rows).toContain(`src/server.ts ${link - 1} warning unused-suppression`);
      expect(both.rows).toContain(`src/server.ts ${link} error client-rejects openai-strict+codex/format`);
      const run = await runInProcess(['check', '.', '--clients', 'codex,openai-strict'], { cwd: root });
      expect(run.stdout).toContain(
        'but the finding on the next line also concerns openai-strict/format, codex/format: name each of them, or `*/format` for every client',
      );
    } finally {
      fs.writeFileSync(server, text);
      fs.writeFileSync(config, original);
    }
  });
});
