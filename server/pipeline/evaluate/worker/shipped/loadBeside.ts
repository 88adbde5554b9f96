/**
 * Loading a module of the workspace's own install from beside a library's real module (a shim passes its
 * href): the converter a library ships with (`@langchain/core/utils/json_schema`, fastmcp's `xsschema`) is the
 * copy that library resolves, not ours.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export function fileOf(href: string): string {
  return href.startsWith('file:') ? fileURLToPath(href) : href;
}

const loaded = new Map<string, Promise<Record<string, any> | undefined>>();

/** The file `specifier` resolves to from the module at `besideHref`; undefined when it does not resolve. */
export function resolveBeside(besideHref: string | undefined, specifier: string): string | undefined {
  if (!besideHref) return undefined;
  try {
    return createRequire(fileOf(besideHref)).resolve(specifier);
  } catch {
    return undefined;
  }
}

/** `specifier` as resolved from the module at `besideHref`; undefined when it does not resolve or load. */
export function loadBeside(besideHref: string | undefined, specifier: string): Promise<Record<string, any> | undefined> {
  if (!besideHref) return Promise.resolve(undefined);
  const key = `${besideHref}\0${specifier}`;
  let module = loaded.get(key);
  if (!module) {
    const resolved = resolveBeside(besideHref, specifier);
    module = resolved ? (import(pathToFileURL(resolved).href) as Promise<Record<string, any>>).catch(() => undefined) : Promise.resolve(undefined);
    loaded.set(key, module);
  }
  return module;
}
