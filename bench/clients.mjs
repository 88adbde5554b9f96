// Clients bench: judging one advertised tool against every profile (all 12 targets: what the evaluation worker
// does per tool), including placing each violation on its zod node, beside the cost of advertising that tool.
// Tools: small (5 keys), medium (30 keys: nested objects, formats, enums, optionals), and a flattened
// 256-variant discriminated union (the largest advertised schema the engine bench uses).
// Target (CPU-time medians): ≤ 1 ms per tool of up to 30 keys, ≤ 5 ms for the 256-variant union; the ratio to
// `advertise` is printed for scale (a file's whole analysis is ~20 ms, see the pipeline bench).
import { cpus, loadavg } from 'node:os';
import { REPO_ROOT } from './workspace.mjs';
import { repoRequire as require, requireBundled } from './requireBundled.mjs';

const { advertise, judgeTool, placeViolation, siteOfPointer, TARGET_IDS } = await requireBundled('clients', {
  stdin: {
    contents: "export * from './shared/index'; export { judgeTool, placeViolation, siteOfPointer, TARGET_IDS } from './shared/clients/index';",
    resolveDir: REPO_ROOT,
    loader: 'ts',
  },
});
const z = require('zod').z;

function small() {
  return z.object({ query: z.string(), limit: z.number().int().optional(), url: z.string().url(), mode: z.enum(['a', 'b']), tags: z.array(z.string()) });
}
function medium() {
  const shape = {};
  for (let i = 0; i < 30; i++) {
    switch (i % 6) {
      case 0:
        shape[`s${i}`] = z.string().url();
        break;
      case 1:
        shape[`n${i}`] = z.number().positive().optional();
        break;
      case 2:
        shape[`e${i}`] = z.enum(['x', 'y', 'z']);
        break;
      case 3:
        shape[`o${i}`] = z.object({ id: z.string(), at: z.string().datetime().nullable() });
        break;
      case 4:
        shape[`a${i}`] = z.array(z.object({ k: z.literal('v'), v: z.number() }));
        break;
      default:
        shape[`r${i}`] = z.record(z.string(), z.string()).optional();
    }
  }
  return z.object(shape);
}
function union(n) {
  const variants = Array.from({ length: n }, (_, i) =>
    z.object({ kind: z.literal(`v${i}`), [`k${i % 24}`]: z.string().url(), [`m${i % 13}`]: z.number().optional(), note: z.string().optional() }),
  );
  return z.object({ action: z.discriminatedUnion('kind', variants) });
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] };
}
const cpuMs = (work) => {
  const c = process.cpuUsage();
  const t = performance.now();
  const out = work();
  const wall = performance.now() - t;
  const u = process.cpuUsage(c);
  return { wall, cpu: (u.user + u.system) / 1000, out };
};
const fmt = (x) => (x < 1 ? x.toFixed(3) : x.toFixed(2)).padStart(7);

console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${cpus().length} cores; ${TARGET_IDS.length} targets; times in ms (medians)`,
);
console.log('tool                 keys  judge med   p95   cpu | advertise cpu | judge/advertise  violations  target (≤1 ms; union ≤5 ms)');
let over = 0;
for (const [label, input, iters] of [
  ['small', small(), 2000],
  ['medium (30 keys)', medium(), 600],
  ['union 256 flattened', union(256), 60],
]) {
  const { jsonSchema } = advertise({ name: 'bench_tool', input });
  const keys = Object.keys(jsonSchema.properties ?? {}).length;
  const judge = { wall: [], cpu: [] };
  const adv = { cpu: [] };
  let violations = 0;
  for (let i = 0; i < iters + 20; i++) {
    const j = cpuMs(() =>
      judgeTool({ name: 'bench_tool', inputSchema: jsonSchema }, { server: 'bench' }).map((v) => placeViolation(v, (p) => siteOfPointer(input, p))),
    );
    const a = i % 4 === 0 ? cpuMs(() => advertise({ name: 'bench_tool', input })) : undefined;
    if (i < 20) continue; // warm-up
    judge.wall.push(j.wall);
    judge.cpu.push(j.cpu);
    if (a) adv.cpu.push(a.cpu);
    violations = j.out.length;
  }
  const w = stats(judge.wall);
  const c = stats(judge.cpu).median;
  const a = stats(adv.cpu).median;
  const ratio = c / a;
  const ok = c <= (label.startsWith('union') ? 5 : 1);
  if (!ok) over++;
  console.log(
    `${label.padEnd(20)} ${String(keys).padStart(4)}  ${fmt(w.median)} ${fmt(w.p95)} ${fmt(c)} | ${fmt(a)}       | ${(ratio * 100).toFixed(1).padStart(6)}%  ${String(violations).padStart(10)}  ${ok ? 'ok' : 'OVER'}`,
  );
}
console.log(over > 0 ? `\n${over} clients target(s) missed` : '\nall clients targets met');
