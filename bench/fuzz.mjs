// Violations per 10,000 fuzzed schemas (issue 16): `node bench/fuzz.mjs [count] [seed]`. The generators are the
// soundness property test's (test/engine/support/randomSchemas.ts); the counting is in
// test/engine/support/fuzzViolations.ts. Bundled on the fly, as bench/engine.mjs does, so bare imports resolve here.
import { join } from 'node:path';
import { REPO_ROOT } from './workspace.mjs';
import { requireBundled } from './requireBundled.mjs';

const { countViolations } = await requireBundled('fuzz', { entryPoints: [join(REPO_ROOT, 'test', 'engine', 'support', 'fuzzViolations.ts')] });

const count = Number(process.argv[2] ?? 10000);
const seed = Number(process.argv[3] ?? 16);
const started = performance.now();
const result = countViolations(count, seed);
const per10k = (x) => ((x / result.schemas) * 10000).toFixed(0);
console.log(`fuzzed ${result.schemas} schemas (seed ${seed}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`schemas with a violation: ${result.violating} (${per10k(result.violating)} per 10,000)`);
for (const [kind, n] of Object.entries(result.byKind)) console.log(`  ${kind.padEnd(22)} ${String(n).padStart(6)}  (${per10k(n)} per 10,000)`);
if (process.env.FUZZ_EXAMPLES) for (const [kind, text] of Object.entries(result.examples)) console.log(`\n[${kind}] ${text.slice(0, 1500)}`);
