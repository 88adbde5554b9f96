import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { advertise, flattenUnionsDeep, toJsonSchema } = require('../node_modules/.cache/tool-schema-lens-bench/engine-depth.cjs');
for (const flav of ['4', '3']) {
  const z = require(flav === '3' ? 'zod3' : 'zod').z;
  for (const n of (process.argv[2] ?? "100,300,600,800").split(",").map(Number)) {
    let s = z.string();
    for (let i = 0; i < n; i++) s = z.discriminatedUnion('kind', [z.object({ kind: z.literal('leaf'), label: z.string(), value: z.number() }), z.object({ kind: z.literal('node'), label: z.string(), child: s })]);
    const schema = z.object({ root: s });
    let t = performance.now();
    const f = flattenUnionsDeep(schema);
    const tf = performance.now() - t;
    t = performance.now();
    toJsonSchema(f.schema);
    const tc = performance.now() - t;
    t = performance.now();
    advertise({ name: 'x', input: schema });
    const ta = performance.now() - t;
    console.log(`zod ${flav} depth ${n}: flatten ${tf.toFixed(0)} ms, convert ${tc.toFixed(0)} ms, advertise ${ta.toFixed(0)} ms`);
  }
}
