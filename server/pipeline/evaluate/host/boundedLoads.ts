/**
 * Node reads the package.json files above a module by itself, with a blocking read, to learn its module type: a
 * package.json that is a FIFO would hang the worker's loader and one that is a symlink to /dev/zero would fill its
 * memory. Each is checked here, by a stat and no read, before a file is handed to a worker. (The loader reads
 * sources and tsconfigs through bounded reads itself: loader/hooks.ts, loader/tsconfig.ts.)
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { unreadable } from '../../project/boundedRead';

/** Why a package.json above `entryDir` may not be read, or undefined when every one may. */
export function unsafePackageJson(entryDir: string): string | undefined {
  for (let dir = entryDir; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    let why: string | undefined;
    try {
      why = unreadable(statSync(pkg));
    } catch {
      // none here
    }
    if (why) return `${pkg} is ${why}; it is not read`;
    if (path.dirname(dir) === dir) return undefined;
  }
}
