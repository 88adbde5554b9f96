/**
 * File paths (what the pipeline speaks) and URIs (what LSP speaks). Clients spell file URIs differently
 * (VS Code percent-encodes more than Node does), so comparisons always go through the path.
 *
 * A workspace folder opened through a symlink (a linked checkout, macOS's `/tmp` and `/var`) is analysed at its real
 * path, where Node loads its modules: `linkRoot` records the pair, every URI the client sends is read as the real
 * path, and every path sent back is spelled as the client opened it, so its diagnostics land on its documents.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as path from 'node:path';

/** Folders the client opened through a link: [as opened, as it really is]. */
const linked: Array<[string, string]> = [];

/** The folder `opened` as the pipeline reads it (its real path), remembered for the URIs of its files. */
export function linkRoot(opened: string): string {
  let real: string;
  try {
    real = realpathSync(opened);
  } catch {
    return opened;
  }
  if (real !== opened && !linked.some(([o]) => o === opened)) linked.push([opened, real]);
  return real;
}

function swapPrefix(file: string, from: 0 | 1): string {
  for (const pair of linked) {
    const [a, b] = from === 0 ? pair : [pair[1], pair[0]];
    if (file === a || file.startsWith(a + path.sep)) return b + file.slice(a.length);
  }
  return file;
}

export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return swapPrefix(path.normalize(fileURLToPath(uri)), 0);
  } catch {
    return undefined;
  }
}

export function pathToUri(file: string): string {
  return pathToFileURL(swapPrefix(file, 1)).href;
}
