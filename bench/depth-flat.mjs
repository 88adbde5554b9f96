import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { flattenUnionsDeep } = require('../node_modules/.cache/tool-schema-lens-bench/engine-depth.cjs');
const z = require(process.argv[3] === '3' ? 'zod3' : 'zod').z;
const n = Number(process.argv[2]);
let s = z.string();
for (let i = 0; i < n; i++) s = z.discriminatedUnion('kind', [z.object({ kind: z.literal('leaf'), label: z.string(), value: z.number() }), z.object({ kind: z.literal('node'), label: z.string(), child: s })]);
const schema = z.object({ root: s });
for (let r = 0; r < 3; r++) { const t = performance.now(); const f = flattenUnionsDeep(schema); console.log(n, (performance.now() - t).toFixed(0), 'ms', f.findings.length); }
