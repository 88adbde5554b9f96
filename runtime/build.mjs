// Builds the runtime package from the engine in ../shared: ESM and CommonJS bundles with zod left to the peer
// dependency, and type declarations. `zod` and `zod/mini` are read through `zod/v4` and `zod/v4/mini`, the paths
// that mean zod 4 in both zod 3.25 and zod 4.x, so one build serves every peer version.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const final = join(here, 'dist');
const jsOnly = process.argv.includes('--js-only');
// A whole build is made beside dist and swapped in at the end: what imports dist meanwhile (the examples, a running
// server) never sees it half-built or missing.
const dist = jsOnly ? final : join(here, `.dist-${process.pid}`);
if (!jsOnly) rmSync(dist, { recursive: true, force: true });

/** Every zod import stays external; the ones whose meaning differs between zod 3.25 and 4.x are pinned to a major. */
function peerZod() {
  return {
    name: 'peer-zod',
    setup(b) {
      b.onResolve({ filter: /^zod(\/.*)?$/ }, (args) => {
        // zod-to-json-schema reads zod 3 schemas: its `zod` is zod 3 in either peer.
        if (args.path === 'zod') return { path: /zod-to-json-schema/.test(args.importer) ? 'zod/v3' : 'zod/v4', external: true };
        if (args.path === 'zod/mini') return { path: 'zod/v4/mini', external: true };
        return { path: args.path, external: true };
      });
    },
  };
}

const common = {
  entryPoints: [join(here, 'src/index.ts')],
  bundle: true,
  platform: 'neutral',
  target: 'es2022',
  plugins: [peerZod()],
  legalComments: 'inline',
  logLevel: 'warning',
};
await build({ ...common, format: 'esm', outfile: join(dist, 'index.mjs') });
await build({ ...common, format: 'cjs', outfile: join(dist, 'index.cjs') });

// `--js-only`: the root build, which needs the bundles (examples/ imports the package) but not the declarations.
if (process.argv.includes('--js-only')) process.exit(0);

// Declarations: only the package's own modules are public (the engine's types never appear in its API).
const out = mkdtempSync(join(tmpdir(), 'tsl-runtime-types-'));
const tsc = join(here, '..', 'node_modules', 'typescript', 'bin', 'tsc');
execFileSync(process.execPath, [tsc, '-p', join(here, 'tsconfig.json'), '--outDir', out], { stdio: 'inherit' });
const typesDir = join(out, 'runtime', 'src');
// Relative imports carry their extension, as Node16/NodeNext resolution requires: `.js` in the ESM declarations,
// and a parallel `.d.cts` set importing `.cjs` for CommonJS consumers (one set for both would be read as ESM there).
const withExtension = (text, ext) => text.replace(/(from\s+['"])(\.\/[^'"]+?)(['"])/g, (_all, open, spec, close) => `${open}${spec}${ext}${close}`);
for (const file of readdirSync(typesDir).filter((f) => f.endsWith('.d.ts'))) {
  const text = readFileSync(join(typesDir, file), 'utf8');
  writeFileSync(join(dist, file), withExtension(text, '.js'));
  writeFileSync(join(dist, file.replace(/\.d\.ts$/, '.d.cts')), withExtension(text, '.cjs'));
}
rmSync(out, { recursive: true, force: true });
const old = join(here, `.dist-old-${process.pid}`);
if (existsSync(final)) renameSync(final, old);
renameSync(dist, final);
rmSync(old, { recursive: true, force: true });
console.log('built runtime/dist: index.mjs, index.cjs, index.d.ts');
