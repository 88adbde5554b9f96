/**
 * Workspaces that are hostile by accident, checked by the built CLI: a tsconfig.json that is a FIFO, sources and
 * `extends` that are symlinks to /dev/zero, names with non-ASCII letters, `%`, `#`, `?` and a newline, a file that
 * does not parse; and `check` itself leaves no process running once it has exited.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { relativeUri } from '../../server/cli/formatSarif';
import { FIXTURES, REPO, runCli } from './runCli';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the cli-hostile fixture under `name` (which may hold odd characters), resolving the repo's packages. */
function workspace(name = 'ws'): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-hostile-'));
  made.push(parent);
  const root = path.join(parent, name);
  fs.cpSync(path.join(FIXTURES, 'cli-hostile'), root, { recursive: true });
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

interface JsonDiagnostic {
  file: string;
  line: number;
  column: number;
  code: string;
  message: string;
}

// These fixtures show each file was judged by its flatten findings: they opt into flattening (a plain SDK server
// ships its unions as written by default, and reports them as union-shipped).
async function checkJson(root: string, args: string[] = []) {
  const run = await runCli(['check', '.', '--format', 'json', '--flatten', 'always', ...args], { cwd: root, timeoutMs: 60_000 });
  expect(run.signal, run.stderr).toBeUndefined();
  return { ...run, report: JSON.parse(run.stdout) as { tools: Array<{ name: string; file: string }>; diagnostics: JsonDiagnostic[] } };
}

const goodFindings = (diagnostics: JsonDiagnostic[], file = 'src/good.ts') =>
  diagnostics.filter((d) => d.file === file).map((d) => `${d.line}:${d.column} ${d.code}`);

describe('reading the workspace is bounded', { timeout: 90_000 }, () => {
  it('a tsconfig.json that is a FIFO is skipped, said, and never blocks check', async () => {
    const root = workspace();
    fs.rmSync(path.join(root, 'src/brokenImport.ts'));
    execFileSync('mkfifo', [path.join(root, 'tsconfig.json')]);
    const { report, stderr } = await checkJson(root);
    expect(goodFindings(report.diagnostics)).toEqual(['6:39 collision-widened', '7:42 collision-widened']);
    expect(stderr).toContain('skipped tsconfig.json: a named pipe (FIFO), not a regular file');
  });

  it('a .ts symlink to /dev/zero, and an import of it, are skipped with the reason', async () => {
    const root = workspace();
    fs.symlinkSync('/dev/zero', path.join(root, 'src/zero.ts'));
    fs.writeFileSync(
      path.join(root, 'src/importsZero.ts'),
      "import { z } from 'zod';\nimport './zero';\nexport const s = z.discriminatedUnion('k', [z.object({ k: z.literal('a') })]);\n",
    );
    const { report, stderr } = await checkJson(root);
    expect(stderr).toContain('skipped src/zero.ts: a character device, not a regular file');
    expect(goodFindings(report.diagnostics)).toEqual(['6:39 collision-widened', '7:42 collision-widened']);
    const zero = report.diagnostics.filter((d) => d.file === 'src/importsZero.ts');
    expect(zero).toMatchObject([{ code: 'evaluation-failed', line: 2, message: expect.stringContaining('is a character device, not a regular file') }]);
  });

  it('a tsconfig that extends a symlink to /dev/zero is read without it', async () => {
    const root = workspace();
    fs.symlinkSync('/dev/zero', path.join(root, 'zero.json'));
    fs.writeFileSync(path.join(root, 'tsconfig.json'), '{ "extends": "./zero.json", "compilerOptions": { "strict": true } }\n');
    const { report, stderr } = await checkJson(root);
    expect(stderr).toContain('skipped zero.json: a character device, not a regular file');
    expect(goodFindings(report.diagnostics)).toEqual(['6:39 collision-widened', '7:42 collision-widened']);
  });
});

describe('paths as they are', { timeout: 90_000 }, () => {
  // A project folder and file names with a non-ASCII letter, `%`, `#`, `?`, a space and a newline.
  const folder = 'dé jà%20#x?y\nz';
  const file = 'src/tö%ls#1?\nb.ts';

  it('every location names the real file, at the real place; SARIF encodes each URI once', async () => {
    const root = workspace(folder);
    fs.renameSync(path.join(root, 'src/good.ts'), path.join(root, file));
    fs.rmSync(path.join(root, 'src/brokenImport.ts'));
    const { report } = await checkJson(root);
    expect(goodFindings(report.diagnostics, file)).toEqual(['6:39 collision-widened', '7:42 collision-widened']);
    // The throw is placed in its own file, by the source map, not in a percent-encoded name that does not exist.
    expect(report.diagnostics.filter((d) => d.file === 'src/throws.ts').map((d) => `${d.line} ${d.code}`)).toEqual(['6 evaluation-failed']);
    expect(report.diagnostics.every((d) => fs.existsSync(path.join(root, d.file)))).toBe(true);

    const sarif = await runCli(['check', '.', '--format', 'sarif', '--flatten', 'always'], { cwd: root });
    const results = JSON.parse(sarif.stdout).runs[0].results as Array<{ locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }>;
    const uris = new Set(results.map((r) => r.locations[0].physicalLocation.artifactLocation.uri));
    expect([...uris].sort()).toEqual([relativeUri(file), 'src/throws.ts'].sort());
    expect(relativeUri(file)).toBe('src/t%C3%B6%25ls%231%3F%0Ab.ts');
    // Resolved against the base, each URI is the file itself.
    const base = JSON.parse(sarif.stdout).runs[0].originalUriBaseIds['%SRCROOT%'].uri as string;
    for (const uri of uris) expect(fs.existsSync(new URL(uri, base))).toBe(true);
  });
});

describe('broken source is never "no problems"', { timeout: 90_000 }, () => {
  it('a file that imports an SDK but does not parse gets evaluation-failed at the syntax error', async () => {
    const root = workspace();
    const run = await runCli(['check', 'src/brokenImport.ts'], { cwd: root });
    // Once under a loaded full run the CLI printed nothing here: a failure now shows what it said instead.
    expect(run.stdout, `exit ${run.code} ${run.signal ?? ''}; stderr: ${run.stderr}`).toContain(
      'src/brokenImport.ts:1:4 warning evaluation-failed could not load this file, so its tool schemas are not analysed; fix the error. Expected ";" but found "]".',
    );
    expect(run.stdout).not.toContain('no problems');
  });
});

describe('check exits clean', { timeout: 90_000 }, () => {
  it('its workers and its esbuild service have ended before check exits', async () => {
    const root = workspace();
    const record = path.join(root, 'children-at-exit.json');
    const preload = path.join(__dirname, 'support', 'childrenAtExit.cjs');
    for (const args of [
      ['check', '.'],
      ['check', 'src/good.ts', '--format', 'sarif'],
    ]) {
      const run = await runCli(args, { cwd: root, env: { NODE_OPTIONS: `--require ${preload}`, TSL_CHILDREN_AT_EXIT: record } });
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(fs.readFileSync(record, 'utf8'))).toEqual([]);
    }
  });
});
