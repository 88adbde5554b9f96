/**
 * How an ES module (the worker's `import()` of an entry, or an ES module of the workspace) sees a CommonJS source:
 * through a small ES module that `require`s it on the main thread, where the CommonJS side compiles it (commonjs.ts),
 * and exports `module.exports` as its default and each name the compiled code declares, as Node's interop gives a
 * built CommonJS file's names. The names come from esbuild's annotation for Node (`0 && (module.exports = { a, b,
 * ...require("./c") })`), re-exports followed to the workspace sources they name.
 */

/** The names a CommonJS output of esbuild exports, and the specifiers it re-exports everything from. */
export function commonJsExports(code: string): { names: string[]; reexports: string[] } {
  const annotation = /\n0 && \(module\.exports = \{([\s\S]*?)\}\);\s*(?:\/\/#[^\n]*\s*)*$/.exec(code);
  if (!annotation) return { names: [], reexports: [] };
  const names: string[] = [];
  const reexports: string[] = [];
  for (const part of annotation[1].split(',')) {
    const item = part.trim();
    const spread = /^\.\.\.require\(("(?:[^"\\]|\\.)*")\)$/.exec(item);
    if (spread) reexports.push(JSON.parse(spread[1]) as string);
    else if (/^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(item)) names.push(item);
    else if (/^"(?:[^"\\]|\\.)*"$/.test(item.split(':')[0] ?? '')) names.push(JSON.parse(item.split(':')[0]) as string);
  }
  return { names, reexports };
}

/** The facade of `file`: `main` for the generation's entry, so that `require.main === module` holds there as under `node`. */
export function commonJsFacade(file: string, names: Iterable<string>, main: boolean): string {
  const lines = [
    'import __tslModule from "node:module";',
    `const __tslExports = __tslModule._load(${JSON.stringify(file)}, null, ${main});`,
    'export default __tslExports;',
  ];
  const exported: string[] = [];
  let i = 0;
  for (const name of new Set(names)) {
    if (name === 'default') continue;
    lines.push(`const __tslName${i} = __tslExports == null ? undefined : __tslExports[${JSON.stringify(name)}];`);
    exported.push(`__tslName${i++} as ${JSON.stringify(name)}`);
  }
  if (exported.length) lines.push(`export { ${exported.join(', ')} };`);
  return lines.join('\n');
}
