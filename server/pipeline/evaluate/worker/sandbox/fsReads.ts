/**
 * The paths an evaluation read or listed through `fs` outside node_modules (a config, a JSON file, a folder of
 * tool definitions). Its result depends on them as much as on the modules it loaded, so the host's result cache
 * checks them too (host/resultCache.ts); a read it cannot name makes the result uncacheable. Packages' own reads
 * are covered by the install's signature.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What stands for a read whose target is not a path: the host never caches such a result. */
export const UNNAMED_READ = '';

const reads = new Set<string>();

/** Notes the target of a read (`readFile`, `open`, `readdir`, `opendir`): a path, a file URL, or a Buffer. */
export function noteFsRead(target: unknown): void {
  if (typeof target === 'number') return; // a descriptor: its open was noted
  const file = pathOf(target);
  if (file === undefined) reads.add(UNNAMED_READ);
  else if (!/[\\/]node_modules[\\/]/.test(file)) reads.add(file);
}

/** The reads noted since the last call, and forget them. */
export function takeFsReads(): string[] {
  const out = [...reads].sort();
  reads.clear();
  return out;
}

function pathOf(target: unknown): string | undefined {
  try {
    if (typeof target === 'string') return path.resolve(target);
    if (target instanceof URL) return fileURLToPath(target);
    if (Buffer.isBuffer(target)) return path.resolve(target.toString());
  } catch {
    // a URL that is not a file's
  }
  return undefined;
}
