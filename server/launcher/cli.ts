/**
 * `tool-schema-lens`, the package's bin and the language server's start: runs the server bundle (`server.js`
 * beside this file) through V8's code cache (codeCache.ts). Kept free of dependencies: it is what every start
 * parses before anything else.
 */
import { isAscii } from 'node:buffer';
import * as fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { codeCacheFile, codeCacheFolder, readCodeCache, writeCodeCache } from './codeCache';

const bundle = path.join(__dirname, 'server.js');
// A broken install says so and exits 2, as every failure of the tool itself does (never Node's stack and 1).
if (!fs.existsSync(bundle)) {
  process.stderr.write(`tool-schema-lens: internal error: the server bundle was not found at ${bundle}; reinstall the package\n`);
  process.exit(2);
}
// Dynamic import() from a vm script needs Node's own loader (Node ≥ 20.13); without it, a plain require.
const mainLoader = (vm.constants as Record<string, unknown> | undefined)?.USE_MAIN_CONTEXT_DEFAULT_LOADER;
const folder = mainLoader ? codeCacheFolder() : undefined;
const cacheFile = folder ? codeCacheFile(folder, bundle) : undefined;

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle runs as Node would run it, uncached
if (!cacheFile) require(bundle);
else runCached(cacheFile);

function runCached(file: string): void {
  const bytes = fs.readFileSync(bundle);
  // The build keeps the bundle ASCII: one byte per character to decode and to hold, instead of two.
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const cachedData = readCodeCache(file);
  const script = new vm.Script(Module.wrap(source), { filename: bundle, cachedData, importModuleDynamically: mainLoader as never });
  const module = new Module(bundle, require.main ?? undefined);
  module.filename = bundle;
  module.loaded = true;
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
  // Written once the bundle's start has run, whatever the command: the data then holds the functions every start
  // compiles. Written at exit it held all a first `check` compiled (14 MB, not 9): every later start, `--version` or
  // `lsp`, read 150 ms longer, and a check ran no faster for it.
  if (cachedData === undefined || script.cachedDataRejected) writeCodeCache(file, script.createCachedData());
}
