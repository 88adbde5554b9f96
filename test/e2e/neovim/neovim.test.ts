/**
 * A real editor: headless Neovim (0.7, Debian's) runs the server with `vim.lsp.start_client` exactly as a user's
 * config would, shows diagnostics, hovers and applies the rename quick fix. Skipped (loudly) only without nvim.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, REPO, SERVER } from '../../lsp/client';

const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const hasNvim = nvim.status === 0;
const NO_NVIM = '`nvim` is not installed (apt-get install neovim): the Neovim end-to-end test did not run.';

describe('Neovim (headless) with the language server', () => {
  let root = '';
  beforeAll(() => {
    root = copyFixture('lsp-basic'); // here, not in the describe body, which runs even when the suite is skipped
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('shows diagnostics, hovers, and applies the rename quick fix', (ctx) => {
    if (!hasNvim) ctx.skip(NO_NVIM);
    const out = path.join(root, 'nvim-result.json');
    const run = spawnSync('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${path.join(__dirname, 'init.lua')}`], {
      cwd: root,
      env: { ...process.env, TSL_SERVER: SERVER, TSL_ROOT: root, TSL_OUT: out },
      encoding: 'utf8',
      timeout: 150_000,
    });
    expect(fs.existsSync(out), `nvim wrote no result (status ${run.status}): ${run.stderr}`).toBe(true);
    const result = JSON.parse(fs.readFileSync(out, 'utf8'));
    expect(result.errors, JSON.stringify(result.errors)).toEqual([]);

    const codes = result.diagnostics.map((d: any) => d.code).sort();
    expect(codes).toEqual(['collision-widened', 'enum-widened', 'enum-widened']);
    expect(result.shown).toBe(3);
    expect(result.hover).toContain('**`update.attachment`** in tool `send_update`: widened to `unknown`');
    expect(result.hover).toContain('```json');
    expect(result.titles).toContain('Rename `attachment` in variant `photo` to `photoAttachment`');

    expect(fs.readFileSync(path.join(root, 'src/media.ts'), 'utf8')).toContain('photoAttachment: z.object(');
    expect(fs.readFileSync(path.join(root, 'src/tools.ts'), 'utf8')).toContain('input.update.photoAttachment.url');
    expect(result.after.map((d: any) => d.code).sort()).toEqual(['enum-widened', 'enum-widened']);
    execFileSync(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-p', root]);
  }, 180_000);
});
