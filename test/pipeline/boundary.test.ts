/** The fronts reach the pipeline (and the engine's vocabulary) through server/pipeline/index.ts only. */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const server = path.join(__dirname, '../../server');
const FRONTS = ['cli', 'lsp'];
/**
 * What a front may import from outside its own folder (besides packages): the pipeline's index, verify's index, the
 * settings and the project file they layer, the rule documentation links, the typed LSP protocol, the package's own
 * manifest (its version).
 */
const ALLOWED = new Set(['../pipeline', '../verify', '../settings', '../projectConfig', '../ruleDocs', '../../protocol', '../../package.json']);

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]);
}

describe('the fronts’ one boundary', () => {
  it.each(FRONTS)('server/%s imports nothing of the pipeline or the engine but server/pipeline/index.ts', (front) => {
    const dir = path.join(server, front);
    const outside = readdirSync(dir)
      .filter((f) => /\.[cm]?ts$/.test(f))
      .flatMap((f) => importsOf(path.join(dir, f)).map((specifier) => `${f}: ${specifier}`))
      .filter((line) => {
        const specifier = line.slice(line.indexOf(': ') + 2);
        return specifier.startsWith('..') && !ALLOWED.has(specifier);
      });
    expect(outside).toEqual([]);
  });
});
