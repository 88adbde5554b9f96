// Violations per 10,000 fuzzed schemas (issue 16): `node bench/fuzz.mjs [count] [seed]`. The generators are the
// soundness property test's (test/engine/support/randomSchemas.ts); the counting is in
// test/engine/support/fuzzViolations.ts. Bundled on the fly, as bench/engine.mjs does, so bare imports resolve here.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const outfile = join(root, 'node_modules', '.cache', 'tool-schema-lens-bench', 'fuzz.cjs');
mkdirSync(dirname(outfile), { recursive: true });
await build({
  entryPoints: [join(root, 'test', 'engine', 'support', 'fuzzViolations.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  packages: 'external',
  logLevel: 'error',
});
const { countViolations } = require(outfile);

const count = Number(process.argv[2] ?? 10000);
const seed = Number(process.argv[3] ?? 16);
const started = performance.now();
const result = countViolations(count, seed);
const per10k = (x) => ((x / result.schemas) * 10000).toFixed(0);
console.log(`fuzzed ${result.schemas} schemas (seed ${seed}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`schemas with a violation: ${result.violating} (${per10k(result.violating)} per 10,000)`);
for (const [kind, n] of Object.entries(result.byKind)) console.log(`  ${kind.padEnd(22)} ${String(n).padStart(6)}  (${per10k(n)} per 10,000)`);
if (process.env.FUZZ_EXAMPLES) for (const [kind, text] of Object.entries(result.examples)) console.log(`\n[${kind}] ${text.slice(0, 1500)}`);
