import { build } from 'esbuild';
import { createRequire } from 'node:module';
const root = '/work/wt/engine';
const require = createRequire(root + '/package.json');
const outfile = root + '/node_modules/.cache/tool-schema-lens-bench/engine-depth.cjs';
await build({ entryPoints: [root + '/shared/index.ts'], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', packages: 'external', logLevel: 'error' });
const { advertise } = require(outfile);
const zs = { 'zod 4': require('zod').z, 'zod 3': require('zod3').z };
function nested(z, depth) {
  let s = z.string();
  for (let i = 0; i < depth; i++) {
    s = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('leaf'), label: z.string(), value: z.number() }),
      z.object({ kind: z.literal('node'), label: z.string(), child: s }),
    ]);
  }
  return z.object({ root: s });
}
for (const [name, z] of Object.entries(zs)) for (const d of (process.argv[2] ?? '25,50,100').split(',').map(Number)) {
  const schema = nested(z, d);
  const t = performance.now();
  const r = advertise({ name: 'deep', input: schema });
  console.log(name, d, (performance.now() - t).toFixed(0), "ms", r.findings.length, JSON.stringify(r.jsonSchema).length, r.findings.map(f=>f.message.slice(0,200)).join(" | "));
}
