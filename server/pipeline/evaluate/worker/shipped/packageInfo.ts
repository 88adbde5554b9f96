/**
 * Which package a loaded module belongs to, and its version: the header of what ships says "Sent by
 * @modelcontextprotocol/sdk 1.32.2 with zod 4.6.7". Read from the nearest package.json that names a package
 * (a `dist/esm/package.json` holding only `"type"` is skipped).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { v4VersionOf } from '../../../../../shared/zod/read';

export interface PackageInfo {
  name: string;
  version: string;
  /** The package's folder. */
  dir: string;
}

const known = new Map<string, PackageInfo | undefined>();

/** The package holding `file` (an absolute path or a file URL); undefined outside any named package. */
export function packageOf(file: string): PackageInfo | undefined {
  const start = path.dirname(file.startsWith('file:') ? fileURLToPath(file) : file);
  const visited: string[] = [];
  let found: PackageInfo | undefined;
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (known.has(dir)) {
      found = known.get(dir);
      break;
    }
    visited.push(dir);
    found = readPackage(dir);
    if (found || path.dirname(dir) === dir) break;
  }
  for (const dir of visited) known.set(dir, found);
  return found;
}

function readPackage(dir: string): PackageInfo | undefined {
  try {
    const json = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
    if (typeof json.name === 'string' && typeof json.version === 'string') return { name: json.name, version: json.version, dir };
  } catch {
    // No package.json here (or an unreadable one): keep walking up.
  }
  return undefined;
}

/** The version of the zod copy that built `schema`: zod 4 carries it on every node; zod 3 is the package the bundle loaded. */
export function zodVersionOf(schema: unknown, zodModuleFiles: readonly string[]): string | undefined {
  const v4 = v4VersionOf(schema);
  if (v4) return v4;
  for (const file of zodModuleFiles) {
    const info = packageOf(file);
    if (info?.name === 'zod') return info.version;
  }
  return undefined;
}
