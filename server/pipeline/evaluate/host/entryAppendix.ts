/**
 * What the loader appends to an entry's source so the worker can reach declarations the module does not export:
 * its factories (called when the start did not reach them) and its `@toolSchema` declarations, each exported
 * under an alias. Computed in the host, appended in the worker's loader (loader/hooks.ts).
 */
const TAGGED_PREFIX = '__toolSchemaLensTagged_';
const FACTORY_PREFIX = '__toolSchemaLensFactory_';

export interface Alias {
  name: string;
  alias: string;
}

function aliasesOf(file: string, names: readonly string[], prefix: string): Alias[] {
  // A CommonJS entry cannot gain an ES export; its tagged schemas are only found when it exports them itself.
  if (/\.c[jt]s$/i.test(file)) return [];
  return names.filter((name) => /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(name)).map((name) => ({ name, alias: prefix + name }));
}

/** The aliases of `file`'s tagged declarations and factories, and the source that exports them. */
export function entryAppendix(file: string, tagged: readonly string[], factories: readonly string[]): { tagged: Alias[]; factories: Alias[]; source: string } {
  const taggedAliases = aliasesOf(file, tagged, TAGGED_PREFIX);
  const factoryAliases = aliasesOf(
    file,
    factories.filter((n) => n !== 'default'),
    FACTORY_PREFIX,
  );
  const exposed = [...taggedAliases, ...factoryAliases];
  const source = exposed.length ? `\n;export { ${exposed.map((a) => `${a.name} as ${a.alias}`).join(', ')} };\n` : '';
  return { tagged: taggedAliases, factories: factoryAliases, source };
}
