// Bundles the CLI/language server, the evaluation worker and the VS Code client as CommonJS for Node.
// One server bundle serves `check`, `lsp --stdio` and the extension's IPC start.
import { build } from 'esbuild';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const watch = process.argv.includes('--watch');
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  // The engine builds schemas with the workspace's own zod; ours is only the fallback. TypeScript is large and
  // needed by ts-morph at run time, so it stays a bundled dependency rather than a second copy per entry.
};

// esbuild's JS API drives its native binary and cannot be bundled. Every `esbuild` import of the server goes through
// server/esbuildApi.cjs, which loads the copy the .vsix vendors into dist/esbuild/ or else the `esbuild` dependency.
const esbuildApi = fileURLToPath(new URL('server/esbuildApi.cjs', import.meta.url));
const esbuildApiPlugin = {
  name: 'esbuild-api',
  setup(b) {
    b.onResolve({ filter: /^esbuild$/ }, (args) => (args.importer === esbuildApi ? { external: true } : { path: esbuildApi }));
  },
};

// The tokenizer's ranks are a bundle of their own beside the server's (server/pipeline/tokens/ranks.ts): the
// server's require of them is left to run time, so a start that counts nothing never reads them.
const ranksPlugin = {
  name: 'tokenizer-ranks',
  setup(b) {
    b.onResolve({ filter: /^gpt-tokenizer\/encoding\/o200k_base$/ }, (args) =>
      args.importer.endsWith('ranks.ts') ? undefined : { path: './tokenizer.js', external: true },
    );
  },
};

// The providers' SDKs are a bundle of their own too (server/verify/sdkBundle.ts): only `verify` loads them, on its first
// send, so `check` and the language server never read them.
const providerSdksPlugin = {
  name: 'provider-sdks',
  setup(b) {
    b.onResolve({ filter: /^\.\/sdkBundle$/ }, (args) => (args.importer.endsWith('sdks.ts') ? { path: './providerSdks.js', external: true } : undefined));
  },
};
// @google/genai exports no version: the SDK bundle is given the installed one (server/verify/genaiVersion.ts).
const genaiVersion = JSON.parse(readFileSync(fileURLToPath(new URL('node_modules/@google/genai/package.json', import.meta.url)), 'utf8')).version;

// An ES module bundle of CommonJS code (esbuildApi.cjs) still needs `require` and `__dirname`.
const LOADER_HOOKS_BANNER = [
  'import { createRequire as __tslCreateRequire } from "node:module";',
  'import { fileURLToPath as __tslFileURLToPath } from "node:url";',
  'const require = __tslCreateRequire(import.meta.url);',
  'const __filename = __tslFileURLToPath(import.meta.url);',
  'const __dirname = __tslFileURLToPath(new URL(".", import.meta.url));',
].join(' ');

const entries = [
  // The CLI is the package's bin: `npx tool-schema-lens` needs the shebang. It is a small launcher that runs the
  // server bundle through V8's code cache (server/launcher/); the bundle is kept ASCII for it (see below).
  { in: 'server/launcher/cli.ts', out: 'dist/cli.js', external: [], banner: { js: '#!/usr/bin/env node' } },
  {
    in: 'server/cli.ts',
    out: 'dist/server.js',
    external: [],
    plugins: [esbuildApiPlugin, ranksPlugin, providerSdksPlugin],
    ascii: true,
    define: { __PROVIDER_SDKS_BESIDE__: 'true' },
  },
  { in: 'server/pipeline/tokens/ranks.ts', out: 'dist/tokenizer.js', external: [] },
  {
    in: 'server/verify/sdkBundle.ts',
    out: 'dist/providerSdks.js',
    external: [],
    define: { __GENAI_VERSION__: JSON.stringify(genaiVersion) },
  },
  { in: 'server/pipeline/evaluate/worker/worker.ts', out: 'dist/worker.js', external: [] },
  // The worker's module loader hooks: Node loads them as an ES module, on a thread of its own.
  {
    in: 'server/pipeline/evaluate/worker/loader/hooks.ts',
    out: 'dist/loaderHooks.mjs',
    external: [],
    plugins: [esbuildApiPlugin],
    format: 'esm',
    banner: { js: LOADER_HOOKS_BANNER },
  },
  { in: 'client/extension.ts', out: 'dist/client.js', external: ['vscode'] },
];

const present = entries.filter((e) => existsSync(e.in));
await Promise.all(
  present.map((e) =>
    build({
      ...common,
      entryPoints: [e.in],
      outfile: e.out,
      external: e.external,
      plugins: e.plugins ?? [],
      ...(e.format ? { format: e.format } : {}),
      ...(e.banner ? { banner: e.banner } : {}),
      ...(e.define ? { define: e.define } : {}),
    }).catch((err) => {
      console.error(`build failed for ${e.in}`);
      throw err;
    }),
  ),
);
// esbuild escapes strings but leaves a few characters in comments and regular expressions: a \u escape means the
// same in all three, and an ASCII file is read as one byte per character by the launcher.
for (const e of present.filter((e) => e.ascii)) {
  const text = readFileSync(e.out, 'utf8');
  const ascii = text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) writeFileSync(e.out, ascii);
}
// The bin runs as `./dist/cli.js` from a clone as it does once npm has linked it.
if (present.some((e) => e.out === 'dist/cli.js')) chmodSync('dist/cli.js', 0o755);
// The tokenizer's ranks as data beside its bundle (server/pipeline/tokens/ranks.ts reads them): the package's own list.
const { default: ranks } = await import('gpt-tokenizer/bpeRanks/o200k_base');
writeFileSync('dist/tokenizerRanks.json', JSON.stringify(ranks));
if (!watch) console.log(`built ${[...present.map((e) => e.out), 'dist/tokenizerRanks.json'].join(', ')}`);
