/**
 * The files under a workspace root that the include/exclude globs admit. Excluded folders are pruned
 * while walking (node_modules is never entered), so listing stays cheap on large workspaces.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import picomatch from 'picomatch';

/** Folders never worth entering, whatever the globs say. */
const ALWAYS_SKIPPED = new Set(['.git', '.hg', '.svn', 'node_modules']);

export interface FileFilter {
  /** Is this root-relative (`/`-separated) file path analysed? */
  admits(relative: string): boolean;
  /** May this root-relative folder hold admitted files? */
  mayEnter(relative: string): boolean;
}

export function fileFilter(include: readonly string[], exclude: readonly string[]): FileFilter {
  const included = picomatch([...include], { dot: true });
  const excluded = exclude.length > 0 ? picomatch([...exclude], { dot: true }) : () => false;
  return {
    admits: (rel) => included(rel) && !excluded(rel),
    mayEnter: (rel) => !ALWAYS_SKIPPED.has(path.posix.basename(rel)) && !excluded(rel) && !excluded(`${rel}/`),
  };
}

/** Absolute paths of the admitted files under root, sorted. */
export async function listFiles(root: string, filter: FileFilter): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, rel: string): Promise<void> => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch {
      return; // unreadable folder: nothing to analyse there
    }
    const subdirs: Promise<void>[] = [];
    for (const entry of entries) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      const child = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (filter.mayEnter(childRel)) subdirs.push(walk(child, childRel));
      } else if ((entry.isFile() || entry.isSymbolicLink()) && filter.admits(childRel)) {
        found.push(child);
      }
    }
    await Promise.all(subdirs);
  };
  await walk(root, '');
  return found.sort();
}

/** Whether `file` (absolute) lies under root and the globs admit it. */
export function admitted(root: string, file: string, filter: FileFilter): boolean {
  return isUnder(root, file) && filter.admits(path.relative(root, file).split(path.sep).join('/'));
}

/** Whether `file` (absolute) lies strictly under root. */
export function isUnder(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
