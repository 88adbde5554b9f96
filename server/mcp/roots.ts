/**
 * Which folders the MCP server analyses, and so runs the code of. Analysing a folder runs its modules (in the
 * evaluation sandbox), so it needs the user's say, as `check` has it by being run on the folder:
 *
 * - the folder the server was started in (its working directory, or the folder named on its command line) counts
 *   as trusted: the user put it there, exactly as running `check` there;
 * - a root the client declares (MCP `roots/list`) inside that folder is analysed too: it is part of what was trusted;
 * - a root outside it is refused, with the reason, unless the server was started with `--trust-roots`: a client may
 *   declare any folder, and the user did not ask for that one to be run. Where the client declares roots, those
 *   (the accepted ones) are the workspaces; where it declares none, the start folder is;
 * - the home folder or the file system's root is never analysed whole: a client started from a global configuration
 *   starts its servers there, and that is no project the user chose; their roots inside it still are.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RootPolicy {
  /** The folder the server was started in (a real path). */
  startFolder: string;
  /** `--trust-roots`: every root the client declares is analysed, wherever it is. */
  trustRoots: boolean;
}

export interface RefusedRoot {
  root: string;
  reason: string;
}

export interface RootDecision {
  /** Folders to analyse, real paths, none inside another. */
  accepted: string[];
  refused: RefusedRoot[];
}

/** The roots a client declared (their URIs), or undefined when it declares none, judged under the policy. */
export function decideRoots(policy: RootPolicy, declared: readonly string[] | undefined): RootDecision {
  if (!declared || declared.length === 0) {
    const broad = tooBroad(policy.startFolder);
    return broad ? { accepted: [], refused: [{ root: policy.startFolder, reason: broad }] } : { accepted: [policy.startFolder], refused: [] };
  }
  const accepted: string[] = [];
  const refused: RefusedRoot[] = [];
  for (const uri of declared) {
    const folder = folderOf(uri);
    if ('reason' in folder) {
      refused.push({ root: uri, reason: folder.reason });
      continue;
    }
    const broad = tooBroad(folder.path);
    if (broad) refused.push({ root: folder.path, reason: broad });
    else if (policy.trustRoots || isWithin(policy.startFolder, folder.path)) accepted.push(folder.path);
    else
      refused.push({
        root: folder.path,
        reason: `it is outside ${policy.startFolder}, the folder this server was started in, and analysing a folder runs its code: start the server in that folder, or with --trust-roots`,
      });
  }
  // A root inside another accepted one is already analysed with it: one pipeline per file, never two.
  const outermost = [...new Set(accepted)].filter((a, _, all) => !all.some((b) => b !== a && isWithin(b, a)));
  return { accepted: outermost, refused };
}

/** Why a folder is no project to analyse whole (the home folder, the file system's root), or undefined. */
export function tooBroad(folder: string, home = realOrSame(os.homedir())): string | undefined {
  const what = folder === path.parse(folder).root ? "the file system's root" : folder === home ? 'your home folder' : undefined;
  return what ? `it is ${what}, not a project: start the server in the project's folder, or name it (\`tool-schema-lens mcp <folder>\`)` : undefined;
}

function realOrSame(folder: string): string {
  try {
    return fs.realpathSync(folder);
  } catch {
    return folder;
  }
}

/** Whether `inner` is `outer` or lies under it. */
export function isWithin(outer: string, inner: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function folderOf(uri: string): { path: string } | { reason: string } {
  let file: string;
  try {
    file = fileURLToPath(uri);
  } catch {
    return { reason: 'it is not a file:// URI of a local folder' };
  }
  try {
    // Node runs a module at its real path (a symlinked folder, macOS's /tmp): the analysis reads it there too.
    const real = fs.realpathSync(file);
    if (!fs.statSync(real).isDirectory()) return { reason: 'it is not a folder' };
    return { path: real };
  } catch {
    return { reason: 'it does not exist on this machine' };
  }
}
