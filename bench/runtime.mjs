// Runtime package bench: its size as npm ships it (packed and unpacked), what `flattenTool` costs at server start-up
// for a 32-variant union, and what a wrapped call adds per `tools/call` (median of 10,000 calls): the library's parse
// of the flat schema plus the original's parse in the handler, against the library parsing the union as written.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runtimeDir = join(root, 'runtime');
execFileSync(process.execPath, [join(runtimeDir, 'build.mjs')], { stdio: 'ignore' });
const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--silent', '--ignore-scripts'], { cwd: runtimeDir, encoding: 'utf8' }));
const { flattenTool } = await import(join(runtimeDir, 'dist', 'index.mjs'));
const require = createRequire(join(root, 'package.json'));
const zods = { 'zod 4': require('zod').z, 'zod 3': require('zod3').z };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const us = (ms) => `${(ms * 1000).toFixed(1)} µs`;

/** 32 variants × 6 keys from a pool of 12: collisions, enums, nested objects and arrays, as real unions have. */
function union(z, n) {
  return z.discriminatedUnion(
    'kind',
    Array.from({ length: n }, (_, v) =>
      z.object({
        kind: z.literal(`k${v}`),
        [`id${v % 12}`]: z.string().min(1),
        [`count${v % 5}`]: v % 2 ? z.number().int() : z.string(),
        mode: z.enum([`m${v % 3}`, `m${(v + 1) % 3}`]),
        payload: z.object({ items: z.array(z.object({ url: z.string(), n: z.number() })), note: z.string().optional() }),
        [`flag${v % 4}`]: z.boolean().default(false),
      }),
    ),
  );
}

console.log(`load average ${loadavg()[0].toFixed(1)} (medians)`);
console.log(
  `package ${pack.name}@${pack.version}: ${(pack.size / 1024).toFixed(1)} KiB packed, ${(pack.unpackedSize / 1024).toFixed(1)} KiB unpacked, ${pack.entryCount} files`,
);

for (const [label, z] of Object.entries(zods)) {
  const input = union(z, 32);
  const starts = [];
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    flattenTool(input);
    starts.push(performance.now() - t);
  }
  const send = flattenTool(input);
  const handler = send.handler(async (args) => args);
  const value = { kind: 'k7', id7: 'abc', count2: 3, mode: 'm1', payload: { items: [{ url: 'u', n: 1 }] }, flag3: true };
  const asWritten = [];
  const wrapped = [];
  for (let i = 0; i < 10_000; i++) {
    let t = performance.now();
    await input['~standard'].validate(value);
    asWritten.push(performance.now() - t);
    t = performance.now();
    const sent = await send.inputSchema['~standard'].validate(value);
    await handler(sent.value, {});
    wrapped.push(performance.now() - t);
  }
  const added = median(wrapped) - median(asWritten);
  console.log(
    `${label}: flattenTool (32 variants) at start-up ${median(starts).toFixed(2)} ms; per call: as written ${us(median(asWritten))}, through the runtime ${us(median(wrapped))}, added ${us(added)}`,
  );
}

// A call carrying a 200,000-item array: the runtime's cost must stay a small multiple of the original's own parse
// (the flat schema's parse as the library runs it, then the original's in the handler; valid as sent: no repair walk).
for (const [label, z] of Object.entries(zods)) {
  const input = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('text'), body: z.string() }).strict(),
    z.object({ kind: z.literal('batch'), items: z.array(z.object({ n: z.number(), tag: z.string().optional() })) }),
  ]);
  const send = flattenTool(input);
  const handler = send.handler(async (args) => args);
  const value = { kind: 'batch', items: Array.from({ length: 200_000 }, (_, n) => ({ n, tag: n % 2 ? 't' : undefined })) };
  const asWritten = [];
  const wrapped = [];
  for (let i = 0; i < 7; i++) {
    let t = performance.now();
    await input['~standard'].validate(value);
    asWritten.push(performance.now() - t);
    t = performance.now();
    const sent = await send.inputSchema['~standard'].validate(value);
    await handler(sent.value, {});
    wrapped.push(performance.now() - t);
  }
  console.log(
    `${label}: a 200,000-item array, as written ${median(asWritten).toFixed(0)} ms, through the runtime ${median(wrapped).toFixed(0)} ms (${(median(wrapped) / median(asWritten)).toFixed(1)}×)`,
  );
}
