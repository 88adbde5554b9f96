/**
 * Which package a loaded module belongs to, and its version: the header of what ships says "Sent by
 * @modelcontextprotocol/sdk 1.32.2 with zod 4.6.7". Read from the nearest package.json that names a package
 * (a `dist/esm/package.json` holding only `"type"` is skipped).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { madeByModule } from '../../../../../shared/zod/modules';
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

/**
 * The version of the zod copy that built `schema`: zod 4 carries it on every node; a zod 3 schema is an instance of
 * one loaded copy's classes. A worker keeps the copies every evaluation loaded (a monorepo's packages, or another
 * workspace folder's, may use zod 3 and 4 side by side), so the first zod package loaded is only the last resort.
 */
export function zodVersionOf(schema: unknown, zodModules: ReadonlyMap<string, unknown>): string | undefined {
  const v4 = v4VersionOf(schema);
  if (v4) return v4;
  let first: string | undefined;
  for (const [file, mod] of zodModules) {
    const info = packageOf(file);
    if (info?.name !== 'zod') continue;
    if (madeByModule(mod, schema)) return info.version;
    first ??= info.version;
  }
  return first;
}
