/**
 * @google/genai exports no version and no package.json (its `exports` map lists neither), so the build writes it into
 * the SDK bundle (esbuild.mjs `define`); run from source (the tests), it is read from the installed package.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

declare const __GENAI_VERSION__: string | undefined;

export function genaiVersion(): string {
  if (typeof __GENAI_VERSION__ === 'string') return __GENAI_VERSION__;
  // The package's main file lies under its folder: the nearest package.json naming it is its own.
  // A name, not a literal: the bundle (which has the define) would otherwise warn that it cannot bundle this resolve.
  const name = ['@google', 'genai'].join('/');
  for (let dir = path.dirname(require.resolve(name)); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (manifest.name === name && manifest.version) return manifest.version;
  }
  return 'unknown';
}
