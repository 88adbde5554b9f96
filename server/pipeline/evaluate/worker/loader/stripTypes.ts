/**
 * TypeScript stripped on the loader's own thread, by Node's built-in `module.stripTypeScriptTypes` (Node 22.13+).
 * From Node 22 a hook may run while the worker's main thread waits on it synchronously, so it cannot ask the host
 * for an esbuild transform through that thread (host/transformSource.ts, which Node 20 uses). The file-relative
 * names get the same meaning as there: `import.meta.url` (a main guard compares it with `process.argv[1]`),
 * `import.meta.filename`/`dirname`, and `__dirname`, `__filename`, `require` unless the file declares them.
 * Only TypeScript: JSX has no built-in transform, and is said so.
 */
import Module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadFailure } from './protocol';

type Strip = (code: string, options: { mode: 'transform'; sourceMap: boolean; sourceUrl?: string }) => string;
const strip = (Module as unknown as { stripTypeScriptTypes?: Strip }).stripTypeScriptTypes;

/** Whether this Node strips types itself. */
export const canStripHere = typeof strip === 'function';

const META = '__toolSchemaLensMeta';
const CJS_NAMES: Array<[string, string]> = [
  ['__dirname', `${META}.dirname`],
  ['__filename', `${META}.filename`],
  ['require', `${META}.require`],
];

/** `source` of `file` as an ES module, or why it cannot be. Never throws. */
export function stripHere(file: string, source: string): { code: string } | { failure: LoadFailure } {
  if (/\.[jt]sx$/i.test(file))
    return { failure: { reason: `${path.basename(file)}: JSX is not evaluated on this Node (no built-in JSX transform); run the check with Node 20` } };
  let code: string;
  try {
    code = /\.[cm]?ts$/i.test(file) ? strip!(source, { mode: 'transform', sourceMap: true, sourceUrl: file }) : source;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { failure: { reason: message, at: { file, line: 0, character: 0 } } };
  }
  const url = pathToFileURL(file).href;
  code = code.replace(/\bimport\.meta\.(url|filename|dirname)\b/g, (_m, name: string) => `${META}.${name}`);
  const declared = (name: string) => new RegExp(`\\b(?:const|let|var|function|class)\\s+${name}\\b|\\bimport\\b[^;]*\\b${name}\\b`).test(code);
  const aliases = CJS_NAMES.filter(([name]) => new RegExp(`\\b${name}\\b`).test(code) && !declared(name)).map(([name, value]) => `var ${name} = ${value};`);
  // One line, before the first: every other line keeps its number.
  const header =
    `import { createRequire as ${META}_createRequire } from "node:module"; ` +
    `const ${META} = { url: ${JSON.stringify(url)}, filename: ${JSON.stringify(file)}, dirname: ${JSON.stringify(path.dirname(file))}, require: ${META}_createRequire(${JSON.stringify(url)}) }; ` +
    aliases.join(' ');
  return { code: `${header}${code}` };
}
