/**
 * A package is known by the name in its own package.json, not by the name it is imported under: an npm alias
 * (`"zod4": "npm:zod@^4"`, `"mcp": "npm:@modelcontextprotocol/sdk"`) is still zod or the SDK, and gets the same
 * recorder and zod announcement as the plain name would.
 */
import { readWorkspaceFile } from '../../../project/boundedRead';

const names = new Map<string, string | undefined>();

/** The folder of the package a file under node_modules belongs to (scoped names kept whole). */
function packageRootOf(file: string): string | undefined {
  const match = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(file);
  return match?.[1];
}

function nameAt(root: string): string | undefined {
  if (names.has(root)) return names.get(root);
  let name: string | undefined;
  try {
    // Bounded: a package.json may be a FIFO or a device as well as a workspace file.
    const read = readWorkspaceFile(`${root}/package.json`);
    const value = JSON.parse('text' in read ? read.text : '') as { name?: unknown };
    name = typeof value.name === 'string' ? value.name : undefined;
  } catch {
    name = undefined;
  }
  names.set(root, name);
  return name;
}

/** The part of a bare specifier that names the package (`@scope/name` or `name`). */
function packagePart(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * `specifier` written with the real name of the package `resolvedFile` is in: `zod4/v4` → `zod/v4` when `zod4` is
 * an alias of zod. A specifier whose package is not aliased (or not under node_modules) comes back unchanged.
 */
export function canonicalSpecifier(specifier: string, resolvedFile: string | undefined): string {
  const root = resolvedFile && packageRootOf(resolvedFile);
  const real = root && nameAt(root);
  const written = packagePart(specifier);
  if (!real || real === written) return specifier;
  // The folder is named after the alias: only then is the import an alias of this package (not a re-export).
  if (!root.replace(/\\/g, '/').endsWith(`/node_modules/${written}`)) return specifier;
  return real + specifier.slice(written.length);
}
