// A TypeScript module of this repo (an entry point or stdin contents), bundled to CommonJS inside
// node_modules/.cache so its bare imports (zod, ...) resolve from this package exactly as they do for the tests,
// then required.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from './workspace.mjs';

/** `require` as the repo's own package sees it (for zod, the SDK and the other packages the benches compare with). */
export const repoRequire = createRequire(join(REPO_ROOT, 'package.json'));

export async function requireBundled(name, input) {
  const outfile = join(REPO_ROOT, 'node_modules', '.cache', 'tool-schema-lens-bench', `${name}.cjs`);
  mkdirSync(dirname(outfile), { recursive: true });
  await build({ ...input, outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', packages: 'external', logLevel: 'error' });
  return repoRequire(outfile);
}
