/**
 * The pre-commit hooks (issue 25): each hook's entry is a `tool-schema-lens` command this CLI accepts, and the package
 * pre-commit installs from the repository builds its bin when packed (`prepack`), as pre-commit's node hooks do.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../server/cli/args';
import { REPO } from './runCli';

const manifest = fs.readFileSync(path.join(REPO, '.pre-commit-hooks.yaml'), 'utf8');

describe('.pre-commit-hooks.yaml', () => {
  it('has hooks whose entries are commands the CLI accepts, run once per commit on source changes', () => {
    const ids = [...manifest.matchAll(/^- id: (\S+)$/gm)].map((m) => m[1]);
    const entries = [...manifest.matchAll(/^ {2}entry: (.+)$/gm)].map((m) => m[1]);
    expect(ids).toEqual(['tool-schema-lens', 'tool-schema-lens-snapshot']);
    expect(entries.length).toBe(ids.length);
    for (const entry of entries) {
      const [bin, ...args] = entry.split(/\s+/);
      expect(bin).toBe('tool-schema-lens');
      expect(parseArgs(args).kind).toBe('check');
    }
    expect([...manifest.matchAll(/^ {2}pass_filenames: false$/gm)].length).toBe(ids.length);
    expect([...manifest.matchAll(/^ {2}language: node$/gm)].length).toBe(ids.length);
  });

  it('installs a working bin: the package builds its dist when packed', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      scripts: Record<string, string>;
      files: string[];
    };
    expect(pkg.bin['tool-schema-lens']).toBe('./dist/cli.js');
    expect(pkg.scripts.prepack).toMatch(/npm run build/);
    expect(pkg.files).toContain('dist/cli.js');
  });
});
