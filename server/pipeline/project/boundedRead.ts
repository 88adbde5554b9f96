/**
 * Every read of a workspace file goes through here, trusted or not: only regular files, only up to a size limit,
 * and never a read that can block. A `tsconfig.json` that is a FIFO would hang the reader forever, a `.ts` that is a
 * symlink to /dev/zero would fill memory; both are skipped with a reason the fronts show.
 */
import * as fs from 'node:fs';

/** Larger than any source file or tsconfig a person writes; generated files beyond it are not analysed. */
export const MAX_WORKSPACE_FILE_BYTES = 16 * 1024 * 1024;

export type BoundedRead = { text: string } | { skipped: string } | { missing: true };

function kindOf(stat: fs.Stats): string {
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  if (stat.isDirectory()) return 'a directory';
  return 'not a regular file';
}

/** Why `stat` is not read, or undefined when it may be. */
export function unreadable(stat: fs.Stats, limit = MAX_WORKSPACE_FILE_BYTES): string | undefined {
  if (!stat.isFile()) return `${kindOf(stat)}, not a regular file`;
  if (stat.size > limit) return `${stat.size} bytes, over the ${limit}-byte limit`;
  return undefined;
}

/** Reads `file` as UTF-8 if it is a regular file within the limit; never blocks on a FIFO or a device. */
export function readWorkspaceFile(file: string, limit = MAX_WORKSPACE_FILE_BYTES): BoundedRead {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? { missing: true } : { skipped: `cannot be opened (${code ?? 'error'})` };
  }
  try {
    const why = unreadable(fs.fstatSync(fd), limit);
    if (why) return { skipped: why };
    // The size may have changed since the stat: read at most one byte past the limit, and refuse if it is there.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, limit + 1 - total));
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > limit) return { skipped: `over the ${limit}-byte limit` };
    }
    return { text: Buffer.concat(chunks, total).toString('utf8') };
  } catch (error) {
    return { skipped: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether `file` is a regular file within the limit (following symlinks), without reading it. */
export function isReadableFile(file: string, limit = MAX_WORKSPACE_FILE_BYTES): boolean {
  try {
    return unreadable(fs.statSync(file), limit) === undefined;
  } catch {
    return false;
  }
}
